import { publicBookingTexts } from '@sandbar/contract/reservations';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/platform/clock';
import { type TestApp, buildTestApp, injectAs, testDialect } from '../helpers';
import { MORNING, priceId, unitId } from '../sales/factories';

// A staff booking takes extras like the guest's page (issue 24 point 3): the day's add-ons of the
// booked units' kinds, stored in reservation_items, carried to check-in on the board's unit.

const TOMORROW = '2026-07-05';

describe(`staff booking with extras on ${testDialect}`, () => {
  let t: TestApp;
  const clock = fixedClock(MORNING);
  const post = (url: string, payload: object) =>
    injectAs(t.app, 'staff', { method: 'POST', url: `/api/${url}`, payload });
  const booking = (o: Record<string, unknown>) => ({
    days: [TOMORROW],
    guestName: 'Sam Staffextras',
    phone: '305 555 0661',
    partySize: 2,
    channel: 'phone',
    ...o,
  });
  beforeAll(async () => {
    t = await buildTestApp({ clock });
  });
  afterAll(async () => t.close());

  it('stores the extras chosen at the desk and check-in finds them on the unit', async () => {
    const towel = await priceId(t.deps.db, 'Beach Towel');
    const chair = await priceId(t.deps.db, 'Extra Chair');
    const unit = await unitId(t.deps.db, 'MB', 51);
    const res = await post('saveReservation', booking({ unitIds: [unit], itemIds: [towel, chair] }));
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json().reservation;
    expect(r.items).toEqual([
      { priceId: towel, name: 'Beach Towel', saleId: null },
      { priceId: chair, name: 'Extra Chair', saleId: null },
    ]);
    // Tomorrow's board unit carries them: what the wizard pre-fills at check-in.
    const board = (
      await injectAs(t.app, 'staff', { method: 'GET', url: `/api/getBookingBoard?day=${TOMORROW}` })
    ).json();
    const u = board.locations
      .flatMap((l: { rows: unknown[][] }) => l.rows.flat())
      .find((x: { unitId: number }) => x.unitId === unit);
    expect([...u.reservations[0].itemIds].sort()).toEqual([towel, chair].sort());
    expect(u.reservations[0].itemNames).toEqual(['Beach Towel', 'Extra Chair']);
  });

  it('refuses an extra that is not an add-on of the booked units, booking nothing', async () => {
    const umbrella = await priceId(t.deps.db, 'Umbrella + 2 Chairs');
    const unit = await unitId(t.deps.db, 'MB', 52);
    const res = await post('saveReservation', booking({ unitIds: [unit], itemIds: [umbrella] }));
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toBe(publicBookingTexts.itemNotOffered);
    const again = await post('saveReservation', booking({ unitIds: [unit] }));
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().reservation.items).toEqual([]);
  });
});
