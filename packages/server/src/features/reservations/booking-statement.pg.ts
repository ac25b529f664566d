import { type Insertable, type Kysely, type RawBuilder, type Selectable, sql } from 'kysely';
import { PREPARED } from '../../db/connect';
import type { DB, OutboxTable, ReservationsTable, UnitStatesTable } from '../../db/schema';
import type { PositionRow } from '../venue/venue.repository';
import { BOARD_EVENTS_CHANNEL } from '../../platform/events';
import { insertOutboxRows } from '../../platform/outbox';
import { RESERVATION_HOLD } from './reservation-claim';

// A guest's booking on PostgreSQL in one statement (issue 36, decision 326), as a sale is written
// (decision 150): the unit-days it claims were read free just before, and one data-modifying
// statement claims them with the same compare-and-set as unit-state.repository (insert at version
// 0, else update at the version read) and writes the booking, its half-day claims, its unit-days,
// the unit log lines, the guest's message, the audit line and the board's NOTIFY. A unit-day
// taken meanwhile makes it call sandbar_unit_taken(), whose error undoes all of it; two bookings
// of one half-day meet the claims' primary key. Through a transaction of small statements the
// booking held its unit-day's row lock across eleven round trips, each waiting for the server's
// busy event loop (PostgreSQL sampled "idle in transaction / ClientRead" three times in four).

export interface BookingWrite {
  reservation: Omit<Insertable<ReservationsTable>, 'id'>;
  /**
   * Each unit-day claimed, with the version read (0: no row yet that day) and its log line, as the
   * text before and after the booking's id (the id is drawn in the statement).
   */
  unitDays: { positionId: number; day: string; version: number; halves: string[]; log: [string, string] }[];
  outbox: Insertable<OutboxTable>[];
  /** The audit line, before and after the booking's id. */
  audit: [string, string];
  /** The board events (JSON), NOTIFYed by the statement itself: delivered when it commits. */
  notify: string[];
  now: number;
  userId: number | null;
}

/** A unit asked for, with its states and its booking claims on the days asked for (readUnitDaysPg). */
export interface UnitDaysRead {
  position: PositionRow;
  states: Selectable<UnitStatesTable>[];
  claims: { day: string; half: 'am' | 'pm'; guest_name: string; arrival: string }[];
}

/**
 * Before the write, in one statement: the units (as bookablePositions checks them), their states on
 * the days and who holds the halves already booked (issue 36, decision 330). A phone that reached
 * the claim gate after the winner left it is refused on this read alone; through three statements
 * (the units, the states, then the claims) each went to the end of the pool's queue of 200 phones.
 */
function unitDaysReadStatement(positionIds: number[], days: string[]) {
  return sql<
    PositionRow & { states: Selectable<UnitStatesTable>[]; claims: UnitDaysRead['claims'] }
  >`${sql.raw(PREPARED)}
    SELECT p.id, p.location_id, p.row, p.position, p.unit_type, p.unit_number, p.removed, l.name AS location_name,
      (SELECT coalesce(json_agg(us), '[]'::json) FROM unit_states us
        WHERE us.position_id = p.id AND us.day = ANY(${days}::text[])) AS states,
      (SELECT coalesce(json_agg(json_build_object('day', c.day, 'half', c.half, 'guest_name', r.guest_name,
          'arrival', r.arrival)), '[]'::json)
        FROM reservation_claims c JOIN reservations r ON r.id = c.reservation_id
        WHERE c.position_id = p.id AND c.day = ANY(${days}::text[])) AS claims
    FROM positions p JOIN locations l ON l.id = p.location_id
    WHERE p.id = ANY(${positionIds}::int[])
  `;
}

export async function readUnitDaysPg(db: Kysely<DB>, positionIds: number[], days: string[]): Promise<UnitDaysRead[]> {
  const { rows } = await unitDaysReadStatement(positionIds, days).execute(db);
  return rows.map(({ states, claims, ...position }) => ({ position, states, claims }));
}

/**
 * A booking's row from its JSON with the id drawn in the statement, as a FROM item of the
 * reservations' own row type (so `INSERT INTO reservations SELECT r.*` names every column once).
 */
function reservationRow(json: RawBuilder<unknown>, id: RawBuilder<unknown>) {
  return sql`jsonb_populate_record(NULL::reservations, ${json} || jsonb_build_object('id', ${id}))`;
}

/** Thrown when a unit-day was claimed by someone else between the read and the write. */
export class UnitDayTakenError extends Error {}

/** PostgreSQL's answer when a unit-day was lost meanwhile (or two crossing bookings deadlocked). */
const LOST = new Set(['SB409', '40P01', '40001']);

/** The booking's write (writeBookingPg) as one data-modifying statement. */
function bookingWriteStatement(w: BookingWrite) {
  const unitDays = w.unitDays.map((u) => ({
    position_id: u.positionId,
    day: u.day,
    version: u.version,
    log_before: u.log[0],
    log_after: u.log[1],
  }));
  const halves = w.unitDays.flatMap((u) => u.halves.map((half) => ({ position_id: u.positionId, day: u.day, half })));
  return sql<{ id: number }>`${sql.raw(PREPARED)}
    WITH
    rid AS MATERIALIZED (SELECT nextval(pg_get_serial_sequence('reservations', 'id'))::int AS id),
    res AS (
      INSERT INTO reservations
      SELECT r.* FROM rid CROSS JOIN LATERAL ${reservationRow(sql`${JSON.stringify(w.reservation)}::jsonb`, sql`rid.id`)} r
    ),
    ud AS MATERIALIZED (
      SELECT * FROM json_to_recordset(${JSON.stringify(unitDays)}::json)
        AS u(position_id int, day text, version int, log_before text, log_after text)
    ),
    inserted AS (
      INSERT INTO unit_states (position_id, day, status, version, hold_cart_id, hold_user_id, hold_expires_at,
        customer_id, updated_at, updated_by)
      SELECT ud.position_id, ud.day, 1, 1, ${RESERVATION_HOLD}::text, NULL, NULL, NULL, ${w.now}::bigint,
        ${w.userId}::int
      FROM ud WHERE ud.version = 0
      ON CONFLICT (position_id, day) DO NOTHING
      RETURNING position_id
    ),
    updated AS (
      UPDATE unit_states st SET status = 1, version = ud.version + 1, hold_cart_id = ${RESERVATION_HOLD}::text,
        hold_user_id = NULL, hold_expires_at = NULL, customer_id = NULL, updated_at = ${w.now}::bigint,
        updated_by = ${w.userId}::int
      FROM ud
      WHERE ud.version > 0 AND st.position_id = ud.position_id AND st.day = ud.day AND st.version = ud.version
      RETURNING st.position_id
    ),
    claims AS (
      INSERT INTO reservation_claims (position_id, day, half, reservation_id)
      SELECT c.position_id, c.day, c.half, rid.id
      FROM json_to_recordset(${JSON.stringify(halves)}::json) AS c(position_id int, day text, half text) CROSS JOIN rid
    ),
    units AS (
      INSERT INTO reservation_units (reservation_id, position_id, day, booking_window, released_at)
      SELECT rid.id, ud.position_id, ud.day, ${w.reservation.booking_window}::text, NULL FROM ud CROSS JOIN rid
    ),
    logs AS (
      INSERT INTO unit_logs (position_id, day, kind, text, user_id, at)
      SELECT ud.position_id, ud.day, 'log', ud.log_before || rid.id::text || ud.log_after, ${w.userId}::int,
        ${w.now}::bigint
      FROM ud CROSS JOIN rid
    ),
    messages AS (
      ${insertOutboxRows(sql`json_populate_recordset(NULL::outbox, ${JSON.stringify(w.outbox)}::json)`)}
    ),
    audit AS (
      INSERT INTO audit_log (user_id, kind, detail, at)
      SELECT ${w.userId}::int, 'reservation.create', ${w.audit[0]}::text || rid.id::text || ${w.audit[1]}::text,
        ${w.now}::bigint
      FROM rid
    )
    SELECT
      CASE WHEN (SELECT count(*) FROM inserted) + (SELECT count(*) FROM updated) = ${unitDays.length}::int
        THEN (SELECT id FROM rid) ELSE sandbar_unit_taken() END AS id,
      (SELECT count(pg_notify(${BOARD_EVENTS_CHANNEL}::text, e))
        FROM json_array_elements_text(${JSON.stringify(w.notify)}::json) e) AS notified
  `;
}

export async function writeBookingPg(db: Kysely<DB>, w: BookingWrite): Promise<number> {
  try {
    const { rows } = await bookingWriteStatement(w).execute(db);
    return rows[0]!.id;
  } catch (err) {
    if (LOST.has((err as { code?: string }).code ?? '')) throw new UnitDayTakenError('unit-day taken meanwhile');
    throw err;
  }
}

/** A guest booking's two statements with sample values, for the pool's warm-up (decision 374). */
export function bookingStatementsToWarm() {
  return [
    unitDaysReadStatement([0], ['2000-01-01']),
    bookingWriteStatement({
      reservation: {} as BookingWrite['reservation'],
      unitDays: [{ positionId: 0, day: '2000-01-01', version: 0, halves: ['am', 'pm'], log: ['', ''] }],
      outbox: [],
      audit: ['', ''],
      notify: [],
      now: 0,
      userId: null,
    }),
  ];
}

/**
 * Several guests' bookings of one unit-day each in one statement (issue 36, decision 375): each is
 * written, with everything writeBookingPg writes, only where its own compare-and-set won; the others
 * write nothing and the statement goes on. Answers, for each write by its index, the booking's id or
 * null (its unit-day was taken meanwhile). Two writes of one unit-day never share a statement
 * (BookingBatches sees to it).
 */
export async function writeBookingsPg(db: Kysely<DB>, writes: BookingWrite[]): Promise<(number | null)[]> {
  const rows = writes.map((w, n) => {
    if (w.unitDays.length !== 1) throw new Error('a batched booking holds one unit-day');
    const u = w.unitDays[0]!;
    return {
      n,
      position_id: u.positionId,
      day: u.day,
      version: u.version,
      halves: u.halves,
      log_before: u.log[0],
      log_after: u.log[1],
      reservation: w.reservation,
      outbox: w.outbox,
      audit_before: w.audit[0],
      audit_after: w.audit[1],
      notify: w.notify,
      now: w.now,
      user_id: w.userId,
    };
  });
  const { rows: answer } = await sql<{ won: { n: number; id: number }[] }>`${sql.raw(PREPARED)}
    WITH
    b AS MATERIALIZED (
      SELECT j.*, nextval(pg_get_serial_sequence('reservations', 'id'))::int AS id
      FROM json_to_recordset(${JSON.stringify(rows)}::json) AS j(n int, position_id int, day text, version int,
        halves json, log_before text, log_after text, reservation json, outbox json, audit_before text,
        audit_after text, notify json, now bigint, user_id int)
    ),
    inserted AS (
      INSERT INTO unit_states (position_id, day, status, version, hold_cart_id, hold_user_id, hold_expires_at,
        customer_id, updated_at, updated_by)
      SELECT b.position_id, b.day, 1, 1, ${RESERVATION_HOLD}::text, NULL, NULL, NULL, b.now, b.user_id
      FROM b WHERE b.version = 0 ORDER BY b.n
      ON CONFLICT (position_id, day) DO NOTHING
      RETURNING position_id, day
    ),
    updated AS (
      UPDATE unit_states st SET status = 1, version = b.version + 1, hold_cart_id = ${RESERVATION_HOLD}::text,
        hold_user_id = NULL, hold_expires_at = NULL, customer_id = NULL, updated_at = b.now, updated_by = b.user_id
      FROM b
      WHERE b.version > 0 AND st.position_id = b.position_id AND st.day = b.day AND st.version = b.version
      RETURNING st.position_id, st.day
    ),
    won AS MATERIALIZED (
      SELECT b.* FROM b
      WHERE EXISTS (SELECT 1 FROM inserted i WHERE i.position_id = b.position_id AND i.day = b.day)
        OR EXISTS (SELECT 1 FROM updated u WHERE u.position_id = b.position_id AND u.day = b.day)
    ),
    res AS (
      INSERT INTO reservations
      SELECT r.* FROM won CROSS JOIN LATERAL ${reservationRow(sql`won.reservation::jsonb`, sql`won.id`)} r
    ),
    claims AS (
      INSERT INTO reservation_claims (position_id, day, half, reservation_id)
      SELECT won.position_id, won.day, h.half, won.id
      FROM won CROSS JOIN LATERAL json_array_elements_text(won.halves) AS h(half)
    ),
    units AS (
      INSERT INTO reservation_units (reservation_id, position_id, day, booking_window, released_at)
      SELECT won.id, won.position_id, won.day, won.reservation->>'booking_window', NULL FROM won
    ),
    logs AS (
      INSERT INTO unit_logs (position_id, day, kind, text, user_id, at)
      SELECT won.position_id, won.day, 'log', won.log_before || won.id::text || won.log_after, won.user_id, won.now
      FROM won ORDER BY won.n
    ),
    messages AS (
      ${insertOutboxRows(sql`won CROSS JOIN LATERAL json_populate_recordset(NULL::outbox, won.outbox) o`)}
    ),
    audit AS (
      INSERT INTO audit_log (user_id, kind, detail, at)
      SELECT won.user_id, 'reservation.create', won.audit_before || won.id::text || won.audit_after, won.now
      FROM won ORDER BY won.n
    )
    SELECT
      (SELECT coalesce(json_agg(json_build_object('n', won.n, 'id', won.id)), '[]'::json) FROM won) AS won,
      (SELECT count(pg_notify(${BOARD_EVENTS_CHANNEL}::text, e))
        FROM won CROSS JOIN LATERAL json_array_elements_text(won.notify) e) AS notified
  `.execute(db);
  const ids = new Map(answer[0]!.won.map((w) => [w.n, w.id]));
  return writes.map((_, n) => ids.get(n) ?? null);
}
