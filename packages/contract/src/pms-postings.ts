import { z } from 'zod';
import { Id, Money, idOf } from './common';
import { PostingStatus } from './pms';

// Issue 34, point 3 on the screens: each room-charge sale's posting to the hotel's PMS — pending,
// posted (with the PMS's reference), failed (with the PMS's message), voided — on All Transactions,
// the transaction's View, and the admins' Postings screen (per hotel and day, with Retry).

export const postingTexts = {
  column: 'Posting',
  pending: 'Posting pending',
  posted: 'Posted',
  failed: 'Posting failed',
  voided: 'Voided',
  voidPending: 'Void pending',
  voidFailed: 'Void failed',
  notFound: 'That posting does not exist.',
  notFailed: 'Only a failed posting can be retried; this one is not failed (any more).',
  retried: 'The posting will be tried again within seconds.',
  attentionTitle: 'Room charges not posted to the hotel',
  attention: (n: number) =>
    n === 1
      ? '1 room charge is still not posted to the hotel after its retries.'
      : `${n} room charges are still not posted to the hotel after their retries.`,
};

export const postingTextsEs: Omit<typeof postingTexts, 'attention'> & { attention: (n: number) => string } = {
  column: 'Cargo al hotel',
  pending: 'Envío pendiente',
  posted: 'Enviado',
  failed: 'Envío fallido',
  voided: 'Anulado',
  voidPending: 'Anulación pendiente',
  voidFailed: 'Anulación fallida',
  notFound: 'Ese envío no existe.',
  notFailed: 'Solo se puede reintentar un envío fallido; este no lo está (ya).',
  retried: 'El envío se intentará de nuevo en unos segundos.',
  attentionTitle: 'Cargos a la habitación no enviados al hotel',
  attention: (n: number) =>
    n === 1
      ? '1 cargo a la habitación sigue sin enviarse al hotel tras sus reintentos.'
      : `${n} cargos a la habitación siguen sin enviarse al hotel tras sus reintentos.`,
};

export const postingTextsIn = (lang: string) => (lang === 'es' ? postingTextsEs : postingTexts);

/** What a sale's posting looks like to staff: the latest posting of the sale decides. */
export type SalePostingState = 'pending' | 'posted' | 'failed' | 'voided' | 'voidPending' | 'voidFailed';

export function salePostingState(p: { action: string; status: string }): SalePostingState {
  if (p.status === 'voided') return 'voided';
  if (p.action === 'void')
    return p.status === 'posted' ? 'voided' : p.status === 'failed' ? 'voidFailed' : 'voidPending';
  return p.status === 'posted' ? 'posted' : p.status === 'failed' ? 'failed' : 'pending';
}

/**
 * The All Transactions cell (English; reportWord translates its first words): "Posted 4021",
 * "Posting failed: <the PMS's message>", "Posting pending", "Voided".
 */
export function postingCell(p: { action: string; status: string; reference: string | null; error: string | null }) {
  const state = salePostingState(p);
  const words = postingTexts[state];
  if (state === 'posted') return p.reference ? `${words} ${p.reference}` : words;
  if ((state === 'failed' || state === 'voidFailed') && p.error) return `${words}: ${p.error}`;
  return words;
}

/** The state a Posting cell says, or null for any other cell. */
export function postingStateOfCell(cell: string): SalePostingState | null {
  const keys = ['voidPending', 'voidFailed', 'pending', 'failed', 'posted', 'voided'] as const;
  return (
    keys.find(
      (k) =>
        cell === postingTexts[k] || cell.startsWith(`${postingTexts[k]} `) || cell.startsWith(`${postingTexts[k]}:`),
    ) ?? null
  );
}

/** A posting cell's leading words in Spanish (the reference or the PMS's message stay as they are). */
export function postingCellIn(cell: string, lang: string): string {
  if (lang !== 'es') return cell;
  const k = postingStateOfCell(cell);
  return k ? postingTextsEs[k] + cell.slice(postingTexts[k].length) : cell;
}

export const PostingRow = z.object({
  id: z.number().int(),
  saleId: z.number().int(),
  /** The sale's invoice number as the reports show it. */
  invoice: z.string(),
  hotelId: z.number().int(),
  hotel: z.string(),
  day: z.string(),
  action: z.enum(['charge', 'void']),
  status: PostingStatus,
  state: z.enum(['pending', 'posted', 'failed', 'voided', 'voidPending', 'voidFailed']),
  amount: Money,
  room: z.string(),
  lastName: z.string(),
  attempts: z.number().int(),
  /** The PMS's reference of the posting (OPERA transaction number, Mews order id). */
  reference: z.string().nullable(),
  /** The PMS's message of the last failure. */
  error: z.string().nullable(),
  reason: z.string(),
  /** Epoch ms. */
  createdAt: z.number(),
  postedAt: z.number().nullable(),
  /** When the queue tries again (pending only). */
  nextAttemptAt: z.number().nullable(),
});
export type PostingRow = z.infer<typeof PostingRow>;

const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'The day is written 2026-07-04.' });

/** GET /getPmsPostings?day=&hotelId= (admins): a day's postings, all hotels or one. */
export const PmsPostingsQuery = z.object({ day: Day.optional(), hotelId: Id.optional() });
export type PmsPostingsQuery = z.input<typeof PmsPostingsQuery>;

export const PmsPostingsResponse = z.object({
  day: z.string(),
  /** Hotels connected to a PMS (the screen's filter). */
  hotels: z.array(z.object({ id: z.number().int(), name: z.string(), kind: z.string() })),
  postings: z.array(PostingRow),
  counts: z.object({ pending: z.number(), posted: z.number(), failed: z.number(), voided: z.number() }),
});
export type PmsPostingsResponse = z.infer<typeof PmsPostingsResponse>;

/** POST /retryPmsPosting (admins): a failed posting goes back to the queue. */
export const RetryPmsPostingBody = z.object({ postData: idOf(postingTexts.notFound) });
export type RetryPmsPostingBody = z.input<typeof RetryPmsPostingBody>;
export const RetryPmsPostingResponse = z.object({ success: z.literal(1), details: z.string() });

/** GET /getSalePostings/{id} (reports): a sale's postings, oldest first, for its View. */
export const SalePostingsResponse = z.object({ postings: z.array(PostingRow) });
export type SalePostingsResponse = z.infer<typeof SalePostingsResponse>;

/** GET /getFailedPmsPostings (admins): postings still failing after their retries, every day. */
export const FailedPostingsResponse = z.object({
  failed: z.number().int(),
  postings: z.array(PostingRow),
});
export type FailedPostingsResponse = z.infer<typeof FailedPostingsResponse>;
