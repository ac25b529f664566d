import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectPostgres } from '../../src/db/connect';
import { fixedClock } from '../../src/platform/clock';
import { type BoardEvent, memoryEventBus } from '../../src/platform/events';
import { expireHeldBookings, releaseNoShows } from '../../src/features/reservations/release.service';
import { createReservation } from '../../src/features/reservations/reservations.service';
import { writeSettings } from '../../src/features/settings/settings.repository';
import { readState } from '../../src/features/units/unit-state.repository';
import { type TestApp, buildTestApp, testDialect } from '../helpers';
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
});
