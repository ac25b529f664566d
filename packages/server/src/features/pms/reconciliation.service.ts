import { centsToMoney } from '@sandbar/contract/common';
import type { PmsKind } from '@sandbar/contract/pms';
import type {
  HotelReconciliation,
  PmsAttentionResponse,
  PmsReconciliationResponse,
  ReconciliationDifference,
} from '@sandbar/contract/pms-reconciliation';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import * as repo from './reconciliation.repository';

// The night reconciliation per hotel (issue 34 point 5, decision 321). The PMS's side is what it
// confirmed: postings it answered with its reference (or that a read-back found), charges plus,
// reversals minus. Sandbar's side is what it counts for the hotel that day. Both to the cent, and
// every sale whose two sides differ, with why (still posting, failed with the PMS's message, not
// yet queued, or amounts that differ).

type Db = Kysely<DB> | Transaction<DB>;

/** One connected hotel's day. */
export async function reconcileHotelDay(
  db: Db,
  hotel: { hotel_id: number; kind: string; connected_at: number; name: string },
  day: string,
): Promise<HotelReconciliation> {
  const sales = await repo.countedSales(db, hotel.hotel_id, day, Number(hotel.connected_at));
  const postings = await repo.postingsOf(db, hotel.hotel_id, day);
  const expected = new Map(sales.map((s) => [s.id, Number(s.total_cents)]));
  const confirmed = new Map<number, number>();
  const open = new Map<number, { state: 'pending' | 'failed'; detail: string }>();
  const who = new Map<number, { room: string; guest: string }>();
  for (const s of sales) who.set(s.id, { room: s.room_number, guest: s.customer_name || s.last_name });
  const superseded = new Set(postings.filter((p) => p.voids_id != null).map((p) => p.voids_id));
  for (const p of postings) {
    if (!who.has(p.sale_id)) who.set(p.sale_id, { room: p.room_number, guest: p.customer_name || p.last_name });
    if (p.status === 'posted') confirmed.set(p.sale_id, (confirmed.get(p.sale_id) ?? 0) + Number(p.amount_cents));
    // A failed charge a correction superseded is settled by its reversal: not a failure to report.
    if (p.status === 'failed' && !superseded.has(p.id))
      open.set(p.sale_id, { state: 'failed', detail: p.last_error ?? '' });
    else if (p.status === 'pending' && open.get(p.sale_id)?.state !== 'failed')
      open.set(p.sale_id, { state: 'pending', detail: p.last_error ?? '' });
  }
  const differences: ReconciliationDifference[] = [];
  const ids = [...new Set([...expected.keys(), ...confirmed.keys(), ...open.keys()])].sort((a, b) => a - b);
  for (const id of ids) {
    const ours = expected.get(id) ?? 0;
    const theirs = confirmed.get(id) ?? 0;
    const o = open.get(id);
    if (ours === theirs && !o) continue;
    const queued = postings.some((p) => p.sale_id === id);
    differences.push({
      saleId: id,
      room: who.get(id)?.room ?? '',
      guest: who.get(id)?.guest ?? '',
      sandbar: centsToMoney(ours),
      pms: centsToMoney(theirs),
      differenceCents: ours - theirs,
      state: o?.state ?? (queued ? 'different' : 'notQueued'),
      detail: o?.detail ?? '',
    });
  }
  const sandbarCents = [...expected.values()].reduce((a, b) => a + b, 0);
  const pmsCents = [...confirmed.values()].reduce((a, b) => a + b, 0);
  return {
    hotelId: hotel.hotel_id,
    hotel: hotel.name,
    kind: hotel.kind as PmsKind,
    day,
    sales: sales.length,
    sandbar: centsToMoney(sandbarCents),
    sandbarCents,
    pms: centsToMoney(pmsCents),
    pmsCents,
    allPosted: sandbarCents === pmsCents && differences.length === 0,
    differences,
  };
}

/** GET /getPmsReconciliation?day= (admins): every PMS-connected hotel's day (or one hotel's). */
export async function getPmsReconciliation(
  db: Db,
  q: { day: string; hotelId?: number },
): Promise<PmsReconciliationResponse> {
  const hotels = await repo.connectedHotels(db, q.hotelId);
  const out: HotelReconciliation[] = [];
  for (const h of hotels) out.push(await reconcileHotelDay(db, h, q.day));
  return { day: q.day, hotels: out };
}

/** The reconciliation of one hotel's day for its RoomCharge e-mail, or null for a roster hotel. */
export async function hotelReconciliation(db: Db, hotelId: number, day: string): Promise<HotelReconciliation | null> {
  const [h] = await repo.connectedHotels(db, hotelId);
  return h ? reconcileHotelDay(db, h, day) : null;
}

/** GET /getPmsAttention (admins): postings failing after their retries, and how many. */
export async function getPmsAttention(db: Db, limit = 100): Promise<PmsAttentionResponse> {
  const rows = await repo.failedPostings(db, limit);
  return {
    count: await repo.countFailed(db),
    items: rows.map((r) => ({
      postingId: r.id,
      saleId: r.sale_id,
      hotelId: r.hotel_id,
      hotel: r.hotel,
      day: r.day,
      action: r.action,
      amount: centsToMoney(Number(r.amount_cents)),
      attempts: r.attempts,
      error: r.last_error ?? '',
    })),
  };
}
