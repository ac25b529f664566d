import { centsToMoney } from '@sandbar/contract/common';
import {
  type FailedPostingsResponse,
  type PmsPostingsResponse,
  type PostingRow,
  type SalePostingsResponse,
  postingCell,
  postingTexts,
  salePostingState,
} from '@sandbar/contract/pms-postings';
import type { AppDeps } from '../../platform/deps';
import { HttpError, notFound } from '../../platform/errors';
import { readSettings } from '../settings/settings.repository';
import { venueDay } from '../sales/sale-units';
import * as queue from './postings.repository';
import * as repo from './postings-screen.repository';

// The posting screens (issue 34, point 3): what the queue did with each room charge, in words a
// night auditor reads — and Retry for one that failed (the queue's own retry: the same posting,
// the same key, read back before it is posted again, so a retry can never post twice).

const invoice = (id: number) => String(id).padStart(6, '0');

export function toRow(r: repo.PostingListRow): PostingRow {
  return {
    id: r.id,
    saleId: r.sale_id,
    invoice: invoice(r.sale_id),
    hotelId: r.hotel_id,
    hotel: r.hotel,
    day: r.day,
    action: r.action,
    status: r.status,
    state: salePostingState(r),
    amount: centsToMoney(Number(r.amount_cents)),
    room: r.room_number,
    lastName: r.last_name,
    attempts: Number(r.attempts),
    reference: r.pms_ref,
    error: r.last_error,
    reason: r.reason,
    createdAt: Number(r.created_at),
    postedAt: r.posted_at == null ? null : Number(r.posted_at),
    nextAttemptAt: r.status === 'pending' ? Number(r.next_attempt_at) : null,
  };
}

/** GET /getPmsPostings (admins): a day's postings (today's by default), all hotels or one. */
export async function getPmsPostings(
  deps: AppDeps,
  q: { day?: string; hotelId?: number },
): Promise<PmsPostingsResponse> {
  const day = q.day ?? venueDay(deps.clock.now(), (await readSettings(deps.db)).timeZone);
  const [rows, hotels] = await Promise.all([
    repo.postingsOfDay(deps.db, day, q.hotelId ?? null),
    repo.connectedHotelNames(deps.db),
  ]);
  const postings = rows.map(toRow);
  const count = (s: string) => postings.filter((p) => p.status === s).length;
  return {
    day,
    hotels: hotels.map((h) => ({ id: h.id, name: h.name, kind: h.kind })),
    postings,
    counts: { pending: count('pending'), posted: count('posted'), failed: count('failed'), voided: count('voided') },
  };
}

/** POST /retryPmsPosting (admins): a failed posting back to the queue, due now. */
export async function retryPmsPosting(deps: AppDeps, id: number): Promise<{ success: 1; details: string }> {
  const exists = await deps.db.selectFrom('pms_postings').select('id').where('id', '=', id).executeTakeFirst();
  if (!exists) throw notFound(postingTexts.notFound);
  if (!(await queue.retry(deps.db, id, deps.clock.now()))) throw new HttpError(409, postingTexts.notFailed);
  return { success: 1, details: postingTexts.retried };
}

/** GET /getSalePostings/{id} (reports): a sale's postings for its View. */
export async function getSalePostings(deps: AppDeps, saleId: number): Promise<SalePostingsResponse> {
  return { postings: (await repo.postingsOfSale(deps.db, saleId)).map(toRow) };
}

/** GET /getFailedPmsPostings (admins): postings still failing after their retries (refused, or given up). */
export async function getFailedPmsPostings(deps: AppDeps): Promise<FailedPostingsResponse> {
  const [failed, rows] = await Promise.all([repo.countFailed(deps.db), repo.failedPostings(deps.db, 20)]);
  return { failed, postings: rows.map(toRow) };
}

/**
 * All Transactions' Posting column: sale id → its posting in words, for the sales given. Null when
 * no hotel is connected to a PMS and none of the sales has a posting (the column is left out).
 * A room charge to a connected hotel the queue has not picked up yet reads "Posting pending".
 */
export async function postingCells(
  db: AppDeps['db'],
  sales: { id: number; payment_method: string; hotel_id: number | null; created_at: number; deleted_at: unknown }[],
): Promise<Map<number, string> | null> {
  const roomCharges = sales.filter((s) => s.payment_method === 'Room Charge').map((s) => s.id);
  const [postings, hotels] = await Promise.all([
    roomCharges.length ? repo.postingsOfSales(db, roomCharges) : [],
    repo.connectedHotelNames(db),
  ]);
  if (postings.length === 0 && hotels.length === 0) return null;
  // A sale's cell: a posting still failing if it has one (a failed reversal must not hide behind
  // the re-posted charge), else its latest posting (a correction's re-post, or the void of a delete).
  const shown = new Map<number, (typeof postings)[number]>();
  for (const p of postings) {
    const before = shown.get(p.sale_id);
    if (!before || before.status !== 'failed') shown.set(p.sale_id, p);
  }
  const cells = new Map<number, string>();
  for (const p of shown.values()) {
    cells.set(
      p.sale_id,
      postingCell({ action: p.action, status: p.status, reference: p.pms_ref, error: p.last_error }),
    );
  }
  const since = new Map(hotels.map((h) => [h.id, Number(h.connected_at)]));
  for (const s of sales) {
    if (cells.has(s.id) || s.payment_method !== 'Room Charge' || s.deleted_at != null || !s.hotel_id) continue;
    const from = since.get(s.hotel_id);
    if (from !== undefined && Number(s.created_at) >= from) cells.set(s.id, postingTexts.pending);
  }
  return cells;
}
