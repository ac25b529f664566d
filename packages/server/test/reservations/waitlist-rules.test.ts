import { guestBookingTexts, guestServerText } from '@sandbar/contract/booking-page';
import { publicBookingTexts } from '@sandbar/contract/reservations';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/platform/clock';
import { expireHeldBookings } from '../../src/features/reservations/release.service';
import { createReservation } from '../../src/features/reservations/reservations.service';
import { offerWaitlist } from '../../src/features/reservations/waitlist.service';
import { type TestApp, buildTestApp, injectAs, testDialect } from '../helpers';
import { DAY, MORNING, unitId } from '../sales/factories';

// Issue 32 defect 5, the waitlist and the page's days: a kind of spot nobody has is refused, a day
// with a free spot of the kind is refused ("book one"), a day past any calendar is a 400 (not a
// 500), and the offer's hold is the venue's setting — the hand-over to the next guest follows it.

const BASE = 'https://beach.example.com';
const MINUTE = 60_000;

describe(`the waitlist's rules on ${testDialect}`, () => {
  let t: TestApp;
  const clock = fixedClock(MORNING);
  let cd = 0;
  let ip = 0;
  const bookingIds: number[] = [];
  const join = (o: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/public/booking/waitlist',
      remoteAddress: `192.0.2.${++ip}`,
      payload: { day: DAY, locationId: cd, unitType: 'C', partySize: 2, acceptPolicy: true, guestName: 'W', ...o },
    });
  const offers = async () =>
    (
      await t.deps.db.selectFrom('outbox').select(['recipient', 'body']).where('purpose', '=', 'waitlist').execute()
    ).map((m) => ({ ...m, token: /\/book\/manage\/([A-Za-z0-9_-]+)/.exec(m.body)?.[1] ?? '' }));

  beforeAll(async () => {
    t = await buildTestApp({ clock });
    cd = (await t.deps.db.selectFrom('locations').select('id').where('name', '=', 'CD').executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => t.close());

  it('refuses a day past the window, even one past any calendar, with the page’s message', async () => {
    for (const day of ['9999-12-31', '2027-07-04']) {
      const book = await t.app.inject({
        method: 'POST',
        url: '/api/public/booking',
        remoteAddress: `192.0.2.${++ip}`,
        payload: {
          day,
          unitIds: [await unitId(t.deps.db, 'MB', 21)],
          guestName: 'Far Guest',
          phone: '305 555 0701',
          partySize: 2,
          acceptPolicy: true,
        },
      });
      expect(book.statusCode, book.body).toBe(400);
      expect(book.json().details).toBe(publicBookingTexts.dayTooFar);
      const wait = await join({ day, phone: '305 555 0702' });
      expect(wait.statusCode, wait.body).toBe(400);
      expect(wait.json().details).toBe(publicBookingTexts.dayTooFar);
      const read = await t.app.inject({ method: 'GET', url: `/api/public/booking/availability?day=${day}` });
      expect(read.statusCode).toBe(400);
    }
    // The Spanish page says it in Spanish.
    expect(guestServerText(publicBookingTexts.dayTooFar, 'es')).toBe(guestBookingTexts.es.errors.dayTooFar);
  });

  it('refuses a kind of spot no online unit of the place has', async () => {
    const res = await join({ unitType: 'Z', phone: '305 555 0703' });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toBe(publicBookingTexts.unitTypeNone);
  });

  it('refuses to wait-list a day with free spots of that kind: the guest books one', async () => {
    const res = await join({ phone: '305 555 0704' });
    expect(res.statusCode).toBe(409);
    expect(res.json().details).toBe(publicBookingTexts.freeSpots);
    expect(guestServerText(publicBookingTexts.freeSpots, 'es')).toBe('Hay sitios libres: reserva uno.');
    expect(await t.deps.db.selectFrom('waitlist_requests').select('id').execute()).toHaveLength(0);
  });

  it('holds an offer for the venue’s minutes, then hands it to the next guest', async () => {
    const save = await injectAs(t.app, 'admin', {
      method: 'POST',
      url: '/api/saveConfigSettings',
      payload: { bookingOfferMinutes: '5' },
    });
    expect(save.statusCode, save.body).toBe(200);
    expect(
      (
        await injectAs(t.app, 'admin', {
          method: 'POST',
          url: '/api/saveConfigSettings',
          payload: { bookingOfferMinutes: '0' },
        })
      ).statusCode,
    ).toBe(400);
    const avail = await t.app.inject({ method: 'GET', url: `/api/public/booking/availability?day=${DAY}` });
    expect(avail.json().offerMinutes).toBe(5);
    // Every cabana of the deck booked: the day is full.
    const cabanas = await t.deps.db
      .selectFrom('positions')
      .select(['id', 'unit_number'])
      .where('location_id', '=', cd)
      .where('unit_type', '=', 'C')
      .where('removed', '=', 0)
      .execute();
    for (const c of cabanas) {
      const r = await createReservation(t.deps, null, {
        unitIds: [c.id],
        days: [DAY],
        window: 'full',
        guestName: `Cabana ${c.unit_number}`,
        phone: '305 555 0100',
        email: '',
        roomNumber: '',
        lastName: '',
        manualEntry: false,
        partySize: 4,
        arrival: '',
        notes: '',
        channel: 'phone',
      });
      bookingIds.push(r.id);
    }
    expect((await join({ guestName: 'First', phone: '305 555 0705' })).statusCode).toBe(200);
    expect((await join({ guestName: 'Second', email: 'second@example.com' })).statusCode).toBe(200);
    const cancel = await injectAs(t.app, 'admin', {
      method: 'POST',
      url: '/api/cancelReservation',
      payload: { id: bookingIds[0], reason: 'Plans changed' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await offerWaitlist(t.deps, BASE)).toBe(1);
    const [first] = await offers();
    expect(first).toMatchObject({ recipient: '+13055550705' });
    expect(first!.body).toContain('within 5 minutes');
    const view = await t.app.inject({ method: 'GET', url: `/api/public/booking/manage/${first!.token}` });
    expect(view.json().holdExpiresAt).toBe(MORNING + 5 * MINUTE);
    // Four minutes on, it is still the first guest's.
    clock.set(MORNING + 4 * MINUTE);
    expect(await expireHeldBookings(t.deps)).toBe(0);
    expect(await offerWaitlist(t.deps, BASE)).toBe(0);
    // Six minutes on (not fifteen), it goes to the next in line.
    clock.set(MORNING + 6 * MINUTE);
    expect(await expireHeldBookings(t.deps)).toBe(1);
    expect(await offerWaitlist(t.deps, BASE)).toBe(1);
    const [, second] = await offers();
    expect(second).toMatchObject({ recipient: 'second@example.com' });
    const kept = await t.app.inject({ method: 'POST', url: `/api/public/booking/manage/${second!.token}/keep` });
    expect(kept.statusCode, kept.body).toBe(200);
    const late = await t.app.inject({ method: 'POST', url: `/api/public/booking/manage/${first!.token}/keep` });
    expect(late.statusCode).toBe(409);
  });
});
