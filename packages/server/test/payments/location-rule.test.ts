import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeSettings } from '../../src/features/settings/settings.repository';
import { fixedClock } from '../../src/platform/clock';
import { type TestApp, buildTestApp, injectAs, testDialect } from '../helpers';
import { MORNING, unitId } from '../sales/factories';

// Issue 33 point 3 "per location where it matters" (decision 300): a location may ask its own
// online payment of a guest's booking — nothing, a deposit (fixed or a share) or the whole
// booking — over the venue's rule; the server charges by the booked location's rule, the guest
// page shows it, and a save that leaves the rule out keeps it.

const LATER = '2026-07-09';

describe(`a location's own payment rule on ${testDialect}`, () => {
  let t: TestApp;
  let n = 0;
  const locationId = async (name: string) =>
    (await t.deps.db.selectFrom('locations').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
  const book = async (location: string, unitNumber: number) => {
    n++;
    return t.app.inject({
      method: 'POST',
      url: '/api/public/booking',
      remoteAddress: `198.51.100.${40 + n}`,
      payload: {
        day: LATER,
        unitIds: [await unitId(t.deps.db, location, unitNumber)],
        guestName: 'Lola Lugar',
        phone: `305 555 ${3000 + n}`,
        partySize: 2,
        acceptPolicy: true,
        languageCode: 'es',
      },
    });
  };
  const save = (postData: Record<string, unknown>, user = 'admin') =>
    injectAs(t.app, user, { method: 'POST', url: '/api/saveLocation', payload: { postData } });
  const edit = async (name: string, extra: Record<string, unknown>, user = 'admin') => {
    const id = await locationId(name);
    const got = (await injectAs(t.app, 'admin', { method: 'GET', url: `/api/getLocationList/${id}` })).json().location;
    return save(
      {
        id,
        name: got.name,
        fullName: got.fullName,
        umbrellas: got.umbrellas,
        umbrellaRows: got.umbrellaRows,
        ...extra,
      },
      user,
    );
  };
  const intentOf = (reservationId: number) =>
    t.deps.db.selectFrom('payment_intents').selectAll().where('reservation_id', '=', reservationId).execute();
  const lastReservation = () =>
    t.deps.db.selectFrom('reservations').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();

  beforeAll(async () => {
    t = await buildTestApp({ clock: fixedClock(MORNING) });
    // The venue asks nothing online; the locations below ask their own.
    await writeSettings(t.deps.db, {
      bookingOnlineLocations: 'MB, CD, PT',
      bookingPayment: 'none',
      bookingDeposit: '10.00',
    });
  });
  afterAll(async () => t.close());

  it('an admin sets a location to the whole booking and another to a share; the list says so', async () => {
    expect((await edit('MB', { bookingPayment: 'full', bookingDeposit: '5.00' })).statusCode).toBe(200);
    expect((await edit('CD', { bookingPayment: 'deposit', bookingDeposit: ' 20 % ' })).statusCode).toBe(200);
    const list = (await injectAs(t.app, 'admin', { method: 'GET', url: '/api/getLocationList' })).json().locations;
    const byName = Object.fromEntries(list.map((l: { name: string }) => [l.name, l]));
    // A deposit typed with the whole-booking rule is not kept: it would mean nothing.
    expect(byName.MB).toMatchObject({ bookingPayment: 'full', bookingDeposit: '' });
    expect(byName.CD).toMatchObject({ bookingPayment: 'deposit', bookingDeposit: '20 %' });
    expect(byName.PT).toMatchObject({ bookingPayment: '', bookingDeposit: '' });
  });

  it('refuses a rule or a deposit it cannot read, and a supervisor', async () => {
    const bad = await edit('PT', { bookingPayment: 'half' });
    expect(bad.statusCode).toBe(400);
    const badDeposit = await edit('PT', { bookingPayment: 'deposit', bookingDeposit: 'ten' });
    expect(badDeposit.statusCode).toBe(400);
    expect(badDeposit.body).toContain('25%');
    expect((await edit('PT', { bookingPayment: 'full' }, 'supervisor')).statusCode).toBe(403);
    const pt = await t.deps.db.selectFrom('locations').selectAll().where('name', '=', 'PT').executeTakeFirstOrThrow();
    expect(pt.booking_payment).toBe('');
  });

  it('the guest page shows each location its own rule', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/public/booking/availability?day=${LATER}` });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.payment).toMatchObject({ rule: 'none' });
    expect(body.locationPayments).toEqual([
      { locationId: await locationId('MB'), rule: 'full', deposit: '10.00' },
      { locationId: await locationId('CD'), rule: 'deposit', deposit: '20 %' },
    ]);
  });

  it('a booking at the whole-booking location is held for the whole price', async () => {
    const paid = await book('MB', 21);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().payUrl).toMatch(/\/api\/public\/payments\/test\/checkout\/tcs_/);
    expect(paid.json().booking.status).toBe('held');
    const held = await lastReservation();
    expect((await intentOf(held.id)).map((i) => i.amount_cents)).toEqual([3500]);
  });

  it('a share of the total at the deposit location', async () => {
    const res = await book('CD', 101);
    expect(res.statusCode, res.body).toBe(200);
    const cabana = await t.deps.db
      .selectFrom('prices')
      .select((eb) => eb.fn.max<number>('price_cents').as('cents'))
      .where('unit_type', '=', 'C')
      .where('add_on', '=', 0)
      .where('all_hotels', '=', 0)
      .executeTakeFirstOrThrow();
    const [intent] = await intentOf((await lastReservation()).id);
    expect(intent!.amount_cents).toBe(Math.round(Number(cabana.cents) * 0.2));
  });

  it("a save without the rule keeps it; 'venue' again follows the venue", async () => {
    const id = await locationId('MB');
    const kept = await save({ id, name: 'MB', fullName: 'Main Beach', umbrellas: 20, umbrellaRows: 4 });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(
      (await t.deps.db.selectFrom('locations').selectAll().where('id', '=', id).executeTakeFirstOrThrow())
        .booking_payment,
    ).toBe('full');
    expect((await edit('MB', { bookingPayment: '' })).statusCode).toBe(200);
    const res = await book('MB', 22);
    expect(res.json()).toMatchObject({ payUrl: null, booking: { status: 'confirmed' } });
    expect(await intentOf((await lastReservation()).id)).toEqual([]);
  });
});
