import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectPostgres } from '../../src/db/connect';
import { fixedClock } from '../../src/platform/clock';
import { type BoardEvent, memoryEventBus } from '../../src/platform/events';
import { expireHeldBookings, releaseNoShows } from '../../src/features/reservations/release.service';
import { createReservation } from '../../src/features/reservations/reservations.service';
import { writeSettings } from '../../src/features/settings/settings.repository';
import { readState } from '../../src/features/units/unit-state.repository';
import { type TestApp, buildTestApp, injectAs, testDialect } from '../helpers';
import { DAY, MORNING, unitId } from '../sales/factories';

// No-show release and held-booking expiry (issue 24 point 6): at the location's release time,
// bookings not checked in become no-shows once — however many instances run the job at once.

describe(`booking release on ${testDialect}`, () => {
  let t: TestApp;
  const clock = fixedClock(MORNING); // 10:00 in New York
  const events: BoardEvent[] = [];
  const base = {
    window: 'full' as const,
    phone: '305 555 0199',
    email: '',
    roomNumber: '',
    lastName: '',
    manualEntry: false,
    partySize: 2,
    arrival: '10:00',
    notes: '',
    channel: 'phone' as const,
  };

  beforeAll(async () => {
    t = await buildTestApp({ clock });
    t.deps.events.subscribe((e) => events.push(e));
    await writeSettings(t.deps.db, { bookingReleaseTime: '11:00, CD=12:30' });
  });
  afterAll(async () => t.close());

  it('releases today’s unchecked bookings at the release time, once across two instances', async () => {
    const units = await Promise.all([1, 2, 3, 4, 5].map((n) => unitId(t.deps.db, 'MB', n)));
    const cabana = await unitId(t.deps.db, 'CD', 101);
    const ids: number[] = [];
    for (const u of units) {
      ids.push(
        (await createReservation(t.deps, null, { ...base, unitIds: [u], days: [DAY], guestName: `Guest ${u}` })).id,
      );
    }
    const deck = await createReservation(t.deps, null, { ...base, unitIds: [cabana], days: [DAY], guestName: 'Deck' });
    const tomorrow = await createReservation(t.deps, null, {
      ...base,
      unitIds: [units[0]!],
      days: ['2026-07-05'],
      guestName: 'Tomorrow',
    });

    // 10:00: nothing is due yet.
    expect(await releaseNoShows(t.deps)).toBe(0);

    clock.set(MORNING + 61 * 60_000); // 11:01
    const second =
      testDialect === 'postgres'
        ? { db: connectPostgres(t.testDb.url!, 4).db, clock, events: memoryEventBus() }
        : { db: t.deps.db, clock, events: memoryEventBus() };
    try {
      events.length = 0;
      const [a, b] = await Promise.all([releaseNoShows(t.deps), releaseNoShows(second)]);
      expect(a + b).toBe(units.length);
      for (const id of ids) {
        const r = await t.deps.db
          .selectFrom('reservations')
          .select(['status', 'status_reason'])
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        expect(r).toEqual({ status: 'no_show', status_reason: 'Not checked in by 11:00' });
      }
      for (const u of units) expect((await readState(t.deps.db, u, DAY, 'U')).status).toBe(0);
      const audits = await t.deps.db
        .selectFrom('audit_log')
        .select('detail')
        .where('kind', '=', 'reservation.noShow')
        .execute();
      expect(audits).toHaveLength(units.length);
      // The cabana deck releases at 12:30; tomorrow's booking stays.
      const stay = await t.deps.db
        .selectFrom('reservations')
        .select(['id', 'status'])
        .where('id', 'in', [deck.id, tomorrow.id])
        .execute();
      expect(stay.map((r) => r.status)).toEqual(['confirmed', 'confirmed']);
      expect((await readState(t.deps.db, units[0]!, '2026-07-05', 'U')).status).toBe(1);
      // Every tablet hears it: the first instance's bus carries the events of the releases it did.
      if (a > 0) expect(events.some((e) => e.type === 'reservation' && e.day === DAY)).toBe(true);

      clock.set(MORNING + 151 * 60_000); // 12:31
      expect(await releaseNoShows(t.deps)).toBe(1);
      expect(await releaseNoShows(second)).toBe(0);
    } finally {
      if (testDialect === 'postgres') await second.db.destroy();
    }
  });

  it('keeps a booking taken today after the release time (a late booking is not a no-show)', async () => {
    clock.set(MORNING + 180 * 60_000); // 13:00, past MB's 11:00
    const late = await createReservation(t.deps, null, {
      ...base,
      unitIds: [await unitId(t.deps.db, 'MB', 9)],
      days: [DAY],
      guestName: 'Late Booker',
    });
    clock.set(MORNING + 200 * 60_000);
    expect(await releaseNoShows(t.deps)).toBe(0);
    const r = await t.deps.db
      .selectFrom('reservations')
      .select('status')
      .where('id', '=', late.id)
      .executeTakeFirstOrThrow();
    expect(r.status).toBe('confirmed');
  });

  it('lets a held booking go when its hold runs out', async () => {
    const unit = await unitId(t.deps.db, 'MB', 9);
    const held = await createReservation(
      t.deps,
      null,
      { ...base, unitIds: [unit], days: ['2026-07-06'], guestName: 'Mid-checkout' },
      { status: 'held', holdExpiresAt: clock.now() + 15 * 60_000 },
    );
    expect((await readState(t.deps.db, unit, '2026-07-06', 'U')).status).toBe(1);
    expect(await expireHeldBookings(t.deps)).toBe(0);
    clock.advance(16 * 60_000);
    expect(await expireHeldBookings(t.deps)).toBe(1);
    const r = await t.deps.db
      .selectFrom('reservations')
      .select('status')
      .where('id', '=', held.id)
      .executeTakeFirstOrThrow();
    expect(r.status).toBe('cancelled');
    expect((await readState(t.deps.db, unit, '2026-07-06', 'U')).status).toBe(0);
  });

  // Decision 176: an afternoon booking is not a no-show of the morning. It is released at the
  // afternoon release time, and never before the afternoon starts.
  it('releases a morning booking at the release time and an afternoon one at the afternoon release time', async () => {
    const day = '2026-07-08';
    const nine = Date.UTC(2026, 6, 8, 13, 0); // 09:00 in New York
    clock.set(nine);
    await writeSettings(t.deps.db, {
      bookingReleaseTime: '11:00',
      bookingAfternoonReleaseTime: '16:00',
      bookingSplitHour: '14',
    });
    const unit = await unitId(t.deps.db, 'MB', 20);
    const other = await unitId(t.deps.db, 'MB', 21);
    const morning = await createReservation(t.deps, null, {
      ...base,
      window: 'morning',
      unitIds: [unit],
      days: [day],
      guestName: 'Morning Guest',
    });
    const afternoon = await createReservation(t.deps, null, {
      ...base,
      window: 'afternoon',
      arrival: '15:00',
      unitIds: [unit],
      days: [day],
      guestName: 'Afternoon Guest',
    });
    const fullDay = await createReservation(t.deps, null, {
      ...base,
      unitIds: [other],
      days: [day],
      guestName: 'Full Day Guest',
    });
    const status = async (id: number) =>
      (
        await t.deps.db
          .selectFrom('reservations')
          .select(['status', 'status_reason'])
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).status;

    clock.set(nine + 2 * 3_600_000 + 60_000); // 11:01
    expect(await releaseNoShows(t.deps)).toBe(2);
    expect(await status(morning.id)).toBe('no_show');
    expect(await status(fullDay.id)).toBe('no_show');
    // The afternoon guest still holds the afternoon; the morning is back on sale.
    expect(await status(afternoon.id)).toBe('confirmed');

    clock.set(nine + 6 * 3_600_000 + 59 * 60_000); // 15:59
    expect(await releaseNoShows(t.deps)).toBe(0);
    expect(await status(afternoon.id)).toBe('confirmed');

    clock.set(nine + 7 * 3_600_000); // 16:00
    expect(await releaseNoShows(t.deps)).toBe(1);
    const r = await t.deps.db
      .selectFrom('reservations')
      .select(['status', 'status_reason'])
      .where('id', '=', afternoon.id)
      .executeTakeFirstOrThrow();
    expect(r).toEqual({ status: 'no_show', status_reason: 'Not checked in by 16:00' });
    expect((await readState(t.deps.db, unit, day, 'U')).status).toBe(0);
  });

  it('never releases an afternoon booking before the afternoon starts, and Config refuses such a time', async () => {
    const day = '2026-07-09';
    const nine = Date.UTC(2026, 6, 9, 13, 0);
    clock.set(nine);
    // Stored directly (an older value): the split hour moved later than the afternoon release.
    await writeSettings(t.deps.db, { bookingAfternoonReleaseTime: '12:00', bookingSplitHour: '15' });
    const booked = await createReservation(t.deps, null, {
      ...base,
      window: 'afternoon',
      unitIds: [await unitId(t.deps.db, 'MB', 22)],
      days: [day],
      guestName: 'Late Afternoon',
    });
    clock.set(nine + 5 * 3_600_000); // 14:00: past 12:00, before the 15:00 afternoon
    expect(await releaseNoShows(t.deps)).toBe(0);
    clock.set(nine + 6 * 3_600_000); // 15:00
    expect(await releaseNoShows(t.deps)).toBe(1);
    const r = await t.deps.db
      .selectFrom('reservations')
      .select('status')
      .where('id', '=', booked.id)
      .executeTakeFirstOrThrow();
    expect(r.status).toBe('no_show');

    const res = await injectAs(t.app, 'admin', {
      method: 'POST',
      url: '/api/saveConfigSettings',
      payload: { bookingAfternoonReleaseTime: '16:00, CD=13:30', bookingSplitHour: '14' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toBe('An afternoon release time must be at or after 14:00, when the afternoon starts.');
    const ok = await injectAs(t.app, 'admin', {
      method: 'POST',
      url: '/api/saveConfigSettings',
      payload: { bookingAfternoonReleaseTime: '16:00, CD=14:30', bookingSplitHour: '14' },
    });
    expect(ok.statusCode).toBe(200);
  });
});
