import { defaultSettings } from '@sandbar/contract/settings';
import { type Insertable, type Kysely, type Selectable, sql } from 'kysely';
import type { DB, PaymentIntentsTable, PaymentRefundsTable, ReservationsTable } from '../../db/schema';
import { BOARD_EVENTS_CHANNEL } from '../../platform/events';

// SQL of online payments (issue 33): intents, webhook events, refunds. Rules live in the services.

export type IntentRow = Selectable<PaymentIntentsTable>;
export type RefundRow = Selectable<PaymentRefundsTable>;

export async function insertIntent(db: Kysely<DB>, row: Insertable<PaymentIntentsTable>): Promise<number> {
  const r = await db.insertInto('payment_intents').values(row).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

export async function intentById(db: Kysely<DB>, id: number): Promise<IntentRow | undefined> {
  return db.selectFrom('payment_intents').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function intentByRef(db: Kysely<DB>, provider: string, ref: string): Promise<IntentRow | undefined> {
  return db
    .selectFrom('payment_intents')
    .selectAll()
    .where('provider', '=', provider)
    .where('provider_ref', '=', ref)
    .executeTakeFirst();
}

const intentColumns = [
  'id',
  'reservation_id',
  'provider',
  'provider_ref',
  'payment_ref',
  'pay_url',
  'purpose',
  'amount_cents',
  'currency',
  'status',
  'paid_cents',
  'created_at',
  'expires_at',
  'updated_at',
] as const satisfies readonly (keyof IntentRow)[];

/**
 * What a provider's event needs, in one read (the webhook's round trips are its cost on a busy
 * PostgreSQL, issue 33): the intent it names, its booking (undefined when gone) and the two
 * settings its message and ledger day are worded with (their defaults when never saved).
 */
export async function intentForEvent(
  db: Kysely<DB>,
  provider: string,
  ref: string,
): Promise<
  | { intent: IntentRow; booking: Selectable<ReservationsTable> | undefined; timeZone: string; venueName: string }
  | undefined
> {
  const row = await db
    .selectFrom('payment_intents as pi')
    .leftJoin('reservations', 'reservations.id', 'pi.reservation_id')
    .selectAll('reservations')
    .select(intentColumns.map((c) => `pi.${c} as pi_${c}` as const))
    .select((eb) => [
      eb.selectFrom('settings').select('value').where('key', '=', 'timeZone').as('setting_time_zone'),
      eb.selectFrom('settings').select('value').where('key', '=', 'venueName').as('setting_venue_name'),
    ])
    .where('pi.provider', '=', provider)
    .where('pi.provider_ref', '=', ref)
    .executeTakeFirst();
  if (!row) return undefined;
  const r = row as Record<string, unknown>;
  const intent = Object.fromEntries(intentColumns.map((c) => [c, r[`pi_${c}`]])) as IntentRow;
  const booking =
    row.id === null
      ? undefined
      : (Object.fromEntries(
          Object.entries(r).filter(([k]) => !k.startsWith('pi_') && !k.startsWith('setting_')),
        ) as Selectable<ReservationsTable>);
  return {
    intent,
    booking,
    timeZone: row.setting_time_zone ?? defaultSettings.timeZone,
    venueName: row.setting_venue_name ?? defaultSettings.venueName,
  };
}

export async function intentsOf(db: Kysely<DB>, reservationIds: number[]): Promise<IntentRow[]> {
  if (reservationIds.length === 0) return [];
  return db
    .selectFrom('payment_intents')
    .selectAll()
    .where('reservation_id', 'in', reservationIds)
    .orderBy('id')
    .execute();
}

/** Moves an intent from one of `from` to `to`: false when another writer moved it first. */
export async function moveIntent(
  db: Kysely<DB>,
  id: number,
  from: IntentRow['status'][],
  patch: Partial<Insertable<PaymentIntentsTable>>,
): Promise<boolean> {
  const r = await db
    .updateTable('payment_intents')
    .set(patch)
    .where('id', '=', id)
    .where('status', 'in', from)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Stores a verified event once: false when this (provider, event id) was already stored. */
export async function insertEventOnce(
  db: Kysely<DB>,
  row: { provider: string; event_id: string; type: string; received_at: number },
): Promise<number | null> {
  const r = await db
    .insertInto('payment_webhook_events')
    .values({ ...row, status: 'ignored', intent_id: null })
    .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return r?.id ?? null;
}

/**
 * Records what the event did. On PostgreSQL the same statement may carry the board's events
 * (`notify`, JSON): NOTIFY inside the transaction is sent at its commit, and the webhook's answer
 * no longer waits for a pg_notify round trip of its own after it (nor sends one for a write that
 * rolled back).
 */
export async function finishEvent(
  db: Kysely<DB>,
  id: number,
  patch: { status: 'processed' | 'ignored' | 'refused'; reason?: string; intent_id?: number | null },
  notify: string[] = [],
): Promise<void> {
  const q = db.updateTable('payment_webhook_events').set(patch).where('id', '=', id);
  if (notify.length === 0) await q.execute();
  else
    await q
      .returning(notify.map((n, i) => sql<null>`pg_notify(${BOARD_EVENTS_CHANNEL}::text, ${n}::text)`.as(`n${i}`)))
      .execute();
}

export async function recentEvents(db: Kysely<DB>, limit: number, beforeId?: number) {
  let q = db
    .selectFrom('payment_webhook_events')
    .leftJoin('payment_intents', 'payment_intents.id', 'payment_webhook_events.intent_id')
    .select([
      'payment_webhook_events.id',
      'payment_webhook_events.provider',
      'payment_webhook_events.event_id',
      'payment_webhook_events.type',
      'payment_webhook_events.status',
      'payment_webhook_events.reason',
      'payment_webhook_events.received_at',
      'payment_intents.reservation_id',
    ])
    .orderBy('payment_webhook_events.id', 'desc')
    .limit(limit);
  if (beforeId) q = q.where('payment_webhook_events.id', '<', beforeId);
  return q.execute();
}

export async function insertRefund(db: Kysely<DB>, row: Insertable<PaymentRefundsTable>): Promise<number> {
  const r = await db.insertInto('payment_refunds').values(row).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

export async function refundsOf(db: Kysely<DB>, reservationIds: number[]): Promise<RefundRow[]> {
  if (reservationIds.length === 0) return [];
  return db
    .selectFrom('payment_refunds')
    .selectAll()
    .where('reservation_id', 'in', reservationIds)
    .orderBy('id')
    .execute();
}

export async function refundById(db: Kysely<DB>, id: number): Promise<RefundRow | undefined> {
  return db.selectFrom('payment_refunds').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function refundByRef(db: Kysely<DB>, ref: string): Promise<RefundRow | undefined> {
  return db.selectFrom('payment_refunds').selectAll().where('provider_refund_ref', '=', ref).executeTakeFirst();
}

/** Refunds due to be sent: queued or failed-and-retryable whose time came, and sends stuck for 5 minutes. */
export async function dueRefunds(db: Kysely<DB>, now: number, ids?: number[]): Promise<RefundRow[]> {
  let q = db
    .selectFrom('payment_refunds')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb.and([eb('status', 'in', ['queued', 'failed']), eb('next_attempt_at', '<=', now)]),
        eb.and([eb('status', '=', 'sending'), eb('updated_at', '<', now - 5 * 60_000)]),
      ]),
    )
    .orderBy('id')
    .limit(50);
  if (ids) q = q.where('id', 'in', ids.length ? ids : [0]);
  return q.execute();
}

/** Takes a refund to send: only one instance (or caller) wins it. */
export async function claimRefund(db: Kysely<DB>, r: RefundRow, now: number): Promise<boolean> {
  const res = await db
    .updateTable('payment_refunds')
    .set({ status: 'sending', updated_at: now, attempts: r.attempts + 1 })
    .where('id', '=', r.id)
    .where('status', '=', r.status)
    .where('attempts', '=', r.attempts)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function updateRefund(db: Kysely<DB>, id: number, patch: Partial<Insertable<PaymentRefundsTable>>) {
  await db.updateTable('payment_refunds').set(patch).where('id', '=', id).execute();
}

/** Refunds asked of an intent in any state: a failed one is still owed and retried. */
export async function refundedOrOwed(db: Kysely<DB>, intentId: number): Promise<number> {
  const r = await db
    .selectFrom('payment_refunds')
    .select((eb) => eb.fn.sum<number>('amount_cents').as('cents'))
    .where('intent_id', '=', intentId)
    .executeTakeFirst();
  return Number(r?.cents ?? 0);
}

/** A refund with its booking's guest and place, as staff see it owed (Bookings). */
function owedQuery(db: Kysely<DB>) {
  return db
    .selectFrom('payment_refunds')
    .innerJoin('reservations', 'reservations.id', 'payment_refunds.reservation_id')
    .innerJoin('locations', 'locations.id', 'reservations.location_id')
    .select([
      'payment_refunds.id',
      'payment_refunds.reservation_id',
      'payment_refunds.amount_cents',
      'payment_refunds.status',
      'payment_refunds.last_error',
      'payment_refunds.reason',
      'payment_refunds.attempts',
      'payment_refunds.next_attempt_at',
      'payment_refunds.created_at',
      'reservations.guest_name',
      'reservations.phone',
      'reservations.first_day',
      'reservations.location_id',
      'locations.name as location_name',
    ]);
}
export type OwedRefundRow = Awaited<ReturnType<ReturnType<typeof owedQuery>['executeTakeFirstOrThrow']>>;

/** Refunds not yet accepted by the provider, of bookings in these locations, oldest first (at most 200). */
export async function owedRefunds(db: Kysely<DB>, locationIds: number[]): Promise<OwedRefundRow[]> {
  return owedQuery(db)
    .where('payment_refunds.status', '!=', 'succeeded')
    .where('reservations.location_id', 'in', locationIds)
    .orderBy('payment_refunds.id')
    .limit(200)
    .execute();
}

export async function owedRefundById(db: Kysely<DB>, id: number): Promise<OwedRefundRow | undefined> {
  return owedQuery(db).where('payment_refunds.id', '=', id).executeTakeFirst();
}
