import { publicBookingTexts, waitlistOfferMinutes } from '@sandbar/contract/reservations';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectPostgres } from '../../src/db/connect';
import { fixedClock } from '../../src/platform/clock';
import { memoryEventBus } from '../../src/platform/events';
import { expireHeldBookings } from '../../src/features/reservations/release.service';
import { createReservation } from '../../src/features/reservations/reservations.service';
import { offerWaitlist } from '../../src/features/reservations/waitlist.service';
import { readState } from '../../src/features/units/unit-state.repository';
import { type TestApp, buildTestApp, injectAs, testDialect } from '../helpers';
import { DAY, MORNING, unitId } from '../sales/factories';

// The waitlist (issue 24 point 7): guests wait for a cabana of a full day; a cancelled cabana is
// offered to the first (once, whatever the number of instances), held 15 minutes; left to run
// out, it goes to the next, who keeps it by the link.

const BASE = 'https://beach.example.com';

describe(`the bookings waitlist on ${testDialect}`, () => {
  let t: TestApp;
  const clock = fixedClock(MORNING);
  const cabanas: number[] = [];
  const bookingIds: number[] = [];
  const join = (o: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/public/booking/waitlist',
      payload: { day: DAY, unitType: 'C', partySize: 2, acceptPolicy: true, ...o },
    });
  const offers = async () =>
    (
      await t.deps.db.selectFrom('outbox').select(['recipient', 'body']).where('purpose', '=', 'waitlist').execute()
    ).map((m) => ({ ...m, token: /\/book\/manage\/([A-Za-z0-9_-]+)/.exec(m.body)?.[1] ?? '' }));
  const requests = () =>
    t.deps.db.selectFrom('waitlist_requests').select(['guest_name', 'status']).orderBy('id').execute();

  beforeAll(async () => {
    t = await buildTestApp({ clock });
    for (let n = 101; n <= 108; n++) {
      const unit = await unitId(t.deps.db, 'CD', n);
      cabanas.push(unit);
      const r = await createReservation(t.deps, null, {
        unitIds: [unit],
        days: [DAY],
        window: 'full',
        guestName: `Cabana ${n}`,
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
  });
  afterAll(async () => t.close());

  it('puts guests in line for a full day, once each', async () => {
    const cd = (await t.app.inject({ method: 'GET', url: `/api/public/booking/availability?day=${DAY}` }))
      .json()
      .locations.find((l: { name: string }) => l.name === 'CD').id;
    const first = await join({ locationId: cd, guestName: 'First Waiter', phone: '305 555 0111' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ status: 'waiting', position: 1 });
    const second = await join({
      locationId: cd,
      guestName: 'Second Waiter',
      email: 'second@example.com',
      languageCode: 'es',
    });
    expect(second.json()).toEqual({ status: 'waiting', position: 2 });
    const again = await join({ locationId: cd, guestName: 'First Again', phone: '(305) 555-0111' });
    expect(again.statusCode).toBe(409);
    expect(again.json().details).toBe(publicBookingTexts.waitlistTwice);
    // Nothing is free: no offer.
    expect(await offerWaitlist(t.deps, BASE)).toBe(0);
  });

  it('offers a cancelled cabana to the first in line, once across two instances', async () => {
    const res = await injectAs(t.app, 'admin', {
      method: 'POST',
      url: '/api/cancelReservation',
      payload: { id: bookingIds[2], reason: 'Plans changed' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const second =
      testDialect === 'postgres'
        ? { db: connectPostgres(t.testDb.url!, 4).db, clock, events: memoryEventBus() }
        : { db: t.deps.db, clock, events: memoryEventBus() };
    try {
      const [a, b] = await Promise.all([offerWaitlist(t.deps, BASE), offerWaitlist(second, BASE)]);
      expect(a + b).toBe(1);
    } finally {
      if (testDialect === 'postgres') await second.db.destroy();
    }
    const [offer] = await offers();
    expect(offer).toMatchObject({ recipient: '+13055550111' });
    expect(offer!.body).toContain(`CD 103 is free on ${DAY}`);
    expect(offer!.body).toContain(`within ${waitlistOfferMinutes} minutes: ${BASE}/book/manage/`);
    expect((await requests()).map((r) => r.status)).toEqual(['offered', 'waiting']);
    // The offer holds the cabana: a walk-in or another booking cannot take it meanwhile.
    expect((await readState(t.deps.db, cabanas[2]!, DAY, 'C')).status).toBe(1);
    const view = await t.app.inject({ method: 'GET', url: `/api/public/booking/manage/${offer!.token}` });
    expect(view.json()).toMatchObject({
      status: 'held',
      units: ['CD 103'],
      holdExpiresAt: MORNING + waitlistOfferMinutes * 60_000,
    });
  });

  it('hands an offer left to run out to the next in line, who keeps it by the link', async () => {
    clock.set(MORNING + (waitlistOfferMinutes + 1) * 60_000);
    expect(await expireHeldBookings(t.deps)).toBe(1);
    expect(await offerWaitlist(t.deps, BASE)).toBe(1);
    const [first, second] = await offers();
    expect((await requests()).map((r) => r.status)).toEqual(['expired', 'offered']);
    expect(second).toMatchObject({ recipient: 'second@example.com' });
    expect(second!.body).toContain(`CD 103 está libre el ${DAY}`);

    const late = await t.app.inject({ method: 'POST', url: `/api/public/booking/manage/${first!.token}/keep` });
    expect(late.statusCode).toBe(409);
    expect(late.json().details).toBe(publicBookingTexts.offerGone);
    const kept = await t.app.inject({ method: 'POST', url: `/api/public/booking/manage/${second!.token}/keep` });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({ status: 'confirmed', units: ['CD 103'], holdExpiresAt: null });
    expect((await requests()).map((r) => r.status)).toEqual(['expired', 'booked']);
    // Kept, it is an ordinary booking: no expiry lets it go; nothing more to offer.
    clock.set(MORNING + 3 * waitlistOfferMinutes * 60_000);
    expect(await expireHeldBookings(t.deps)).toBe(0);
    expect(await offerWaitlist(t.deps, BASE)).toBe(0);
    expect((await readState(t.deps.db, cabanas[2]!, DAY, 'C')).status).toBe(1);
  });
});
