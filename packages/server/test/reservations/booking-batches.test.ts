import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../../src/db/schema';
import { fixedClock } from '../../src/platform/clock';
import { BookingBatches, UnitDaysReads } from '../../src/features/reservations/booking-batches';
import {
  type BookingWrite,
  UnitDayTakenError,
  writeBookingsPg,
} from '../../src/features/reservations/booking-statement.pg';
import { type TestApp, buildTestApp, injectAs, testDialect } from '../helpers';
import { DAY, MORNING, buildSale, priceId, unitId } from '../sales/factories';

// Guests' bookings written together on PostgreSQL (decision 375): each booking of a statement is
// decided by its own compare-and-set, a lost one writes nothing and the others are written whole.

/** A guest's booking of one unit-day, as the guest page's one-statement path builds it. */
async function guestWrite(db: Kysely<DB>, unit: number, guest: string): Promise<BookingWrite> {
  const { location_id } = await db
    .selectFrom('positions')
    .select('location_id')
    .where('id', '=', unit)
    .executeTakeFirstOrThrow();
  const now = MORNING;
  return {
    reservation: {
      location_id,
      status: 'confirmed',
      channel: 'online',
      booking_window: 'full',
      first_day: DAY,
      last_day: DAY,
      guest_name: guest,
      phone: '+13055550123',
      email: '',
      hotel_id: null,
      room_number: '',
      last_name: '',
      party_size: 2,
      arrival: '',
      notes: '',
      language_code: null,
      hold_expires_at: null,
      manage_token_hash: null,
      manage_expires_at: null,
      sale_id: null,
      status_reason: '',
      version: 1,
      created_at: now,
      created_by: null,
      updated_at: now,
      updated_by: null,
    },
    unitDays: [
      { positionId: unit, day: DAY, version: 0, halves: ['am', 'pm'], log: [`Reserved for ${guest} (booking `, ')'] },
    ],
    outbox: [
      {
        channel: 'sms',
        recipient: '+13055550123',
        subject: '',
        body: `Booked for ${guest}`,
        html: null,
        purpose: 'booking',
        status: 'queued',
        attempts: 0,
        last_error: null,
        next_attempt_at: now,
        created_at: now,
        sent_at: null,
      },
    ],
    audit: ['Booking ', ` for ${guest}`],
    notify: [],
    now,
    userId: null,
  };
}

describe.skipIf(testDialect !== 'postgres')('guest bookings written together on PostgreSQL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ clock: fixedClock(MORNING) });
  });
  afterAll(async () => {
    await t.close();
  });

  it('writes each booking whose unit-day it wins, whole, and nothing of one whose unit-day a tablet sold', async () => {
    const db = t.deps.db;
    const [a, b, c] = await Promise.all([61, 62, 63].map((n) => unitId(db, 'MB', n)));
    const sale = await injectAs(t.app, 'staff', {
      method: 'POST',
      url: '/api/saveCustomer',
      payload: buildSale({ unitId: b!, selectedUnit: await priceId(db, 'Umbrella + 2 Chairs') }),
    });
    expect(sale.statusCode, sale.body).toBe(200);
    // Each read its unit-day free (version 0); the tablet's sale came between for b.
    const writes = await Promise.all([
      guestWrite(db, a!, 'Ana Batch'),
      guestWrite(db, b!, 'Ben Batch'),
      guestWrite(db, c!, 'Cy Batch'),
    ]);
    const ids = await writeBookingsPg(db, writes);
    expect(ids[0]).toEqual(expect.any(Number));
    expect(ids[1]).toBeNull();
    expect(ids[2]).toEqual(expect.any(Number));

    const booked = await db
      .selectFrom('reservations')
      .select(['id', 'guest_name'])
      .where('guest_name', 'like', '% Batch')
      .orderBy('id')
      .execute();
    expect(booked).toEqual([
      { id: ids[0], guest_name: 'Ana Batch' },
      { id: ids[2], guest_name: 'Cy Batch' },
    ]);
    const won: [number, number][] = [
      [a!, ids[0]!],
      [c!, ids[2]!],
    ];
    for (const [unit, id] of won) {
      const claims = await db
        .selectFrom('reservation_claims')
        .select(['half', 'reservation_id'])
        .where('position_id', '=', unit)
        .where('day', '=', DAY)
        .orderBy('half')
        .execute();
      expect(claims).toEqual([
        { half: 'am', reservation_id: id },
        { half: 'pm', reservation_id: id },
      ]);
      const units = await db
        .selectFrom('reservation_units')
        .select(['reservation_id', 'booking_window'])
        .where('position_id', '=', unit)
        .execute();
      expect(units).toEqual([{ reservation_id: id, booking_window: 'full' }]);
      const state = await db
        .selectFrom('unit_states')
        .select(['status', 'version', 'hold_cart_id'])
        .where('position_id', '=', unit)
        .where('day', '=', DAY)
        .executeTakeFirstOrThrow();
      expect(state).toEqual({ status: 1, version: 1, hold_cart_id: expect.any(String) });
      const log = await db
        .selectFrom('unit_logs')
        .select('text')
        .where('position_id', '=', unit)
        .where('day', '=', DAY)
        .execute();
      expect(log.map((l) => l.text)).toContain(`Reserved for ${unit === a ? 'Ana' : 'Cy'} Batch (booking ${id})`);
    }
    // The sold unit keeps its sale alone: no claim, no line, no message, no audit for Ben.
    const onB = await db.selectFrom('reservation_claims').select('half').where('position_id', '=', b!).execute();
    expect(onB).toEqual([]);
    const messages = await db.selectFrom('outbox').select('body').where('body', 'like', 'Booked for %').execute();
    expect(messages.map((m) => m.body).sort()).toEqual(['Booked for Ana Batch', 'Booked for Cy Batch']);
    const audit = await db.selectFrom('audit_log').select('detail').where('detail', 'like', '% Batch').execute();
    expect(audit.map((x) => x.detail).sort()).toEqual([
      `Booking ${ids[0]} for Ana Batch`,
      `Booking ${ids[2]} for Cy Batch`,
    ]);
  });

  it('takes every write waiting into the next statement, one per unit-day, and lets a sold one leave while it waits', async () => {
    const db = t.deps.db;
    const [d, e, f, g] = await Promise.all([64, 65, 66, 67].map((n) => unitId(db, 'MB', n)));
    const statements: number[] = [];
    // Counts the batches' statements (one per lane turn) and how many bookings each held.
    const counted = db.withPlugin({
      transformQuery: (args) => {
        const text = JSON.stringify(args.node);
        if (text.includes('won AS MATERIALIZED')) statements.push(-1);
        else if (text.includes('rid AS MATERIALIZED')) statements.push(1);
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    const batches = new BookingBatches(counted, 1);
    const sold = new AbortController();
    const [w0, w1, w2, w3, w4] = await Promise.all([
      guestWrite(db, d!, 'First Lane'),
      guestWrite(db, e!, 'Eve Lane'),
      guestWrite(db, e!, 'Second Eve Lane'),
      guestWrite(db, f!, 'Fay Lane'),
      guestWrite(db, g!, 'Gus Lane'),
    ]);
    const first = batches.write(w0);
    // The lane is busy with the first: the rest wait, and go together.
    const eve = batches.write(w1);
    const eveAgain = batches.write(w2);
    const fay = batches.write(w3);
    const gus = batches.write(w4, sold.signal);
    expect(batches.queued).toBe(4);
    // A tablet sells Gus's unit while his write waits: out at once.
    sold.abort();
    await expect(gus).rejects.toBe(sold.signal.reason);
    expect(batches.queued).toBe(3);

    expect(await first).toEqual(expect.any(Number));
    expect(await eve).toEqual(expect.any(Number));
    expect(await fay).toEqual(expect.any(Number));
    // The second booking of Eve's unit-day went in a statement of its own, after hers, and lost.
    await expect(eveAgain).rejects.toBeInstanceOf(UnitDayTakenError);
    expect(statements).toEqual([1, -1, 1]);
    expect(batches.queued).toBe(0);
    const onG = await db.selectFrom('reservation_claims').select('half').where('position_id', '=', g!).execute();
    expect(onG).toEqual([]);
  });

  it('writes each booking alone when their statement together fails, so one bad write costs the others nothing', async () => {
    const db = t.deps.db;
    const [h, i, j, k] = await Promise.all([68, 69, 70, 71].map((n) => unitId(db, 'MB', n)));
    const [w0, good, bad, alsoGood] = await Promise.all([
      guestWrite(db, h!, 'Hold Fallback'),
      guestWrite(db, i!, 'Ida Fallback'),
      guestWrite(db, j!, 'Bad Fallback'),
      guestWrite(db, k!, 'Late Fallback'),
    ]);
    // A booking of a location that does not exist fails the statement it shares (a foreign key).
    bad.reservation = { ...bad.reservation, location_id: 999_999 };
    const batches = new BookingBatches(db, 1);
    const first = batches.write(w0);
    const results = await Promise.allSettled([batches.write(good), batches.write(bad), batches.write(alsoGood)]);
    expect(await first).toEqual(expect.any(Number));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const names = await db
      .selectFrom('reservations')
      .select('guest_name')
      .where('guest_name', 'like', '% Fallback')
      .orderBy('guest_name')
      .execute();
    expect(names.map((n) => n.guest_name)).toEqual(['Hold Fallback', 'Ida Fallback', 'Late Fallback']);
  });

  it("reads the guests' unit-days asked in one turn of the loop in one statement, each its own units on its own days", async () => {
    const db = t.deps.db;
    const [m, n] = await Promise.all([72, 73].map((x) => unitId(db, 'MB', x)));
    const sale = await injectAs(t.app, 'staff', {
      method: 'POST',
      url: '/api/saveCustomer',
      payload: buildSale({ unitId: m!, selectedUnit: await priceId(db, 'Umbrella + 2 Chairs') }),
    });
    expect(sale.statusCode, sale.body).toBe(200);
    let statements = 0;
    const counted = db.withPlugin({
      transformQuery: (args) => {
        statements++;
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    const reads = new UnitDaysReads(counted);
    const [sold, free, other] = await Promise.all([
      reads.read([m!], [DAY]),
      reads.read([n!], [DAY]),
      reads.read([m!, n!], ['2026-07-05']),
    ]);
    expect(statements).toBe(1);
    expect(sold.map((u) => u.position.id)).toEqual([m]);
    expect(sold[0]!.states).toEqual([expect.objectContaining({ day: DAY, status: expect.any(Number) })]);
    expect(sold[0]!.states[0]!.status).not.toBe(0);
    expect(free.map((u) => [u.position.id, u.states, u.claims])).toEqual([[n, [], []]]);
    // Another day: the sale of the 4th is not this guest's.
    expect(other.map((u) => u.position.id).sort()).toEqual([m, n].sort());
    expect(other.flatMap((u) => u.states)).toEqual([]);
    // A read in a later turn is a statement of its own.
    await reads.read([n!], [DAY]);
    expect(statements).toBe(2);
  });
});
