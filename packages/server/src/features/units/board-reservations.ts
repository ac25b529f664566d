import { centsToMoney } from '@sandbar/contract/common';
import type { AwaitingPayment, UnitReservation } from '@sandbar/contract/reservations';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

// The bookings a day's board shows on its units, and the reads behind them. They live with the
// board (features/units) because the board sits below bookings: features/reservations claims units
// through units' compare-and-set and drops the board cache, and reads these through
// reservations.repository's re-export; units imports nothing of reservations (issue 36).

/** The live bookings of a day in these locations, per unit-day half, for the board's tiles. */
export async function boardClaims(db: Kysely<DB>, day: string, locationIds: number[], positionId?: number) {
  if (locationIds.length === 0 && positionId === undefined) return [];
  let q = db
    .selectFrom('reservation_claims')
    .innerJoin('reservations', 'reservations.id', 'reservation_claims.reservation_id')
    .select([
      'reservation_claims.position_id',
      'reservation_claims.half',
      'reservations.id',
      'reservations.guest_name',
      'reservations.arrival',
      'reservations.party_size',
      'reservations.booking_window',
      'reservations.status',
      'reservations.phone',
      'reservations.hotel_id',
      'reservations.room_number',
      'reservations.last_name',
      'reservations.notes',
      'reservations.hold_expires_at',
    ])
    .where('reservation_claims.day', '=', day);
  q =
    positionId !== undefined
      ? q.where('reservation_claims.position_id', '=', positionId)
      : q.where('reservations.location_id', 'in', locationIds);
  return q.orderBy('reservation_claims.position_id').orderBy('reservation_claims.half').execute();
}

/** Deposit balance (cents) of each reservation: deposits less refunds, forfeits and applied. */
export async function balances(db: Kysely<DB>, reservationIds: number[]): Promise<Map<number, number>> {
  if (reservationIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('reservation_payments')
    .select(['reservation_id', 'kind', 'amount_cents'])
    .where('reservation_id', 'in', reservationIds)
    .execute();
  const out = new Map<number, number>();
  for (const r of rows) {
    out.set(
      r.reservation_id,
      (out.get(r.reservation_id) ?? 0) + (r.kind === 'deposit' ? r.amount_cents : -r.amount_cents),
    );
  }
  return out;
}

/**
 * Which of these held bookings wait for the guest's online payment (issue 33): an open checkout
 * (the guest's /book payment, or a link's page the guest opened) or a payment link still out.
 * The amount is the open payment's, else the link's; `until` is when the booking's hold runs out
 * (the payment's own end when the booking has none). Two reads, whatever the number of bookings.
 */
export async function awaitingPayments(
  db: Kysely<DB>,
  held: { id: number; holdExpiresAt: number | null }[],
): Promise<Map<number, AwaitingPayment>> {
  const out = new Map<number, AwaitingPayment>();
  if (held.length === 0) return out;
  const ids = held.map((h) => h.id);
  const [intents, links] = await Promise.all([
    db
      .selectFrom('payment_intents')
      .select(['reservation_id', 'amount_cents', 'expires_at', 'purpose'])
      .where('reservation_id', 'in', ids)
      .where('status', '=', 'open')
      .orderBy('id', 'desc')
      .execute(),
    db
      .selectFrom('payment_links')
      .select(['open_reservation_id', 'amount_cents', 'expires_at'])
      .where('open_reservation_id', 'in', ids)
      .where('status', '=', 'sent')
      .execute(),
  ]);
  for (const h of held) {
    const intent = intents.find((i) => i.reservation_id === h.id);
    const link = links.find((l) => l.open_reservation_id === h.id);
    const found = intent ?? link;
    if (!found) continue;
    out.set(h.id, {
      amount: centsToMoney(found.amount_cents),
      until: h.holdExpiresAt ?? Number(found.expires_at),
      via: link || intent?.purpose === 'link' ? 'link' : 'checkout',
    });
  }
  return out;
}

/** The extras of these bookings with their names (sold ones too), in the order booked. */
export async function itemsOf(db: Kysely<DB>, reservationIds: number[]) {
  if (reservationIds.length === 0) return [];
  return db
    .selectFrom('reservation_items')
    .innerJoin('prices', 'prices.id', 'reservation_items.price_id')
    .select([
      'reservation_items.reservation_id',
      'reservation_items.price_id',
      'reservation_items.sale_id',
      'prices.name',
      'prices.name_es',
    ])
    .where('reservation_items.reservation_id', 'in', reservationIds)
    .orderBy('reservation_items.id')
    .execute();
}

/** The bookings on each unit of a day (position id → morning first), for the board or one unit. */
export async function reservationsByUnit(
  db: Kysely<DB>,
  day: string,
  locationIds: number[],
  positionId?: number,
): Promise<Map<number, UnitReservation[]>> {
  const claims = await boardClaims(db, day, locationIds, positionId);
  const out = new Map<number, UnitReservation[]>();
  if (claims.length === 0) return out;
  const ids = [...new Set(claims.map((c) => c.id))];
  const held = claims
    .filter((c, i) => c.status === 'held' && claims.findIndex((x) => x.id === c.id) === i)
    .map((c) => ({ id: c.id, holdExpiresAt: c.hold_expires_at === null ? null : Number(c.hold_expires_at) }));
  const [balance, items, awaiting] = await Promise.all([
    balances(db, ids),
    itemsOf(db, ids),
    awaitingPayments(db, held),
  ]);
  for (const c of claims) {
    const list = out.get(c.position_id) ?? [];
    if (!list.some((r) => r.id === c.id)) {
      const open = items.filter((i) => i.reservation_id === c.id && i.sale_id === null);
      list.push({
        id: c.id,
        guestName: c.guest_name,
        arrival: c.arrival,
        partySize: c.party_size,
        window: c.booking_window,
        status: c.status,
        depositBalance: centsToMoney(balance.get(c.id) ?? 0),
        phone: c.phone,
        hotelId: c.hotel_id,
        roomNumber: c.room_number,
        lastName: c.last_name,
        ...(c.notes ? { notes: c.notes } : {}),
        // What check-in pre-fills: the extras booked and not yet sold.
        itemIds: open.map((i) => i.price_id),
        itemNames: open.map((i) => i.name),
        awaitingPayment: awaiting.get(c.id) ?? null,
      });
    }
    out.set(c.position_id, list);
  }
  return out;
}
