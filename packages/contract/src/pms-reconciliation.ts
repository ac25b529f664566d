import { z } from 'zod';
import { Money, centsToMoney } from './common';
import type { Language } from './i18n';
import { PmsKind } from './pms';

// The night reconciliation per hotel (issue 34, point 5; decision 321): after the venue's day,
// Sandbar's room-charge total per PMS-connected hotel against the total the PMS confirmed (the
// postings it answered with a reference, or that a read-back found), to the cent, with every
// difference sale by sale. And the postings still failing after their retries (Needs attention).

const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'day is YYYY-MM-DD' });

export const PmsReconciliationQuery = z.object({
  day: Day,
  hotelId: z.coerce.number().int().positive().max(2147483647).optional(),
});
export type PmsReconciliationQuery = z.infer<typeof PmsReconciliationQuery>;

/** Why a sale's posted amount is not Sandbar's. */
export const ReconciliationState = z.enum(['pending', 'failed', 'notQueued', 'different']);
export type ReconciliationState = z.infer<typeof ReconciliationState>;

export const ReconciliationDifference = z.object({
  saleId: z.number().int(),
  room: z.string(),
  guest: z.string(),
  /** What Sandbar counts for the sale at this hotel (0.00 when deleted or moved away). */
  sandbar: Money,
  /** What the PMS confirmed, net of reversals. */
  pms: Money,
  differenceCents: z.number().int(),
  state: ReconciliationState,
  /** The PMS's message of a failed posting, or what is waited for. */
  detail: z.string(),
});
export type ReconciliationDifference = z.infer<typeof ReconciliationDifference>;

export const HotelReconciliation = z.object({
  hotelId: z.number().int(),
  hotel: z.string(),
  kind: PmsKind,
  day: z.string(),
  /** Room-charge sales Sandbar counts for the hotel that day. */
  sales: z.number().int(),
  sandbar: Money,
  sandbarCents: z.number().int(),
  pms: Money,
  pmsCents: z.number().int(),
  /** Sandbar's total equals the PMS's to the cent, and no sale differs. */
  allPosted: z.boolean(),
  differences: z.array(ReconciliationDifference),
});
export type HotelReconciliation = z.infer<typeof HotelReconciliation>;

export const PmsReconciliationResponse = z.object({ day: z.string(), hotels: z.array(HotelReconciliation) });
export type PmsReconciliationResponse = z.infer<typeof PmsReconciliationResponse>;

/** A posting that failed after its retries (or was refused): on Needs attention for admins. */
export const PmsAttentionItem = z.object({
  postingId: z.number().int(),
  saleId: z.number().int(),
  hotelId: z.number().int(),
  hotel: z.string(),
  day: z.string(),
  action: z.enum(['charge', 'void']),
  amount: Money,
  attempts: z.number().int(),
  error: z.string(),
});
export type PmsAttentionItem = z.infer<typeof PmsAttentionItem>;

export const PmsAttentionResponse = z.object({ count: z.number().int(), items: z.array(PmsAttentionItem) });
export type PmsAttentionResponse = z.infer<typeof PmsAttentionResponse>;

const stateTexts: Record<Language, Record<ReconciliationState, string>> = {
  en: { pending: 'still posting', failed: 'failed', notQueued: 'not yet queued', different: 'amounts differ' },
  es: { pending: 'aún enviándose', failed: 'falló', notQueued: 'aún sin encolar', different: 'importes distintos' },
};

/**
 * The lines the hotel's RoomCharge report e-mail adds (decision 321): "all posted", or what is
 * not, sale by sale. Plain text lines; the e-mail's HTML escapes them.
 */
export function reconciliationLines(r: HotelReconciliation, lang: Language): string[] {
  const es = lang === 'es';
  const system = r.kind === 'mews' ? 'Mews' : r.kind === 'opera' ? 'OPERA Cloud' : 'PMS';
  if (r.allPosted) {
    const n = es
      ? `${r.sales} ${r.sales === 1 ? 'cargo' : 'cargos'} a habitación`
      : `${r.sales} room ${r.sales === 1 ? 'charge' : 'charges'}`;
    return [
      es
        ? `Todo enviado a ${system}: ${n}, Sandbar $${r.sandbar} = ${system} $${r.pms}.`
        : `All posted to ${system}: ${n}, Sandbar $${r.sandbar} = ${system} $${r.pms}.`,
    ];
  }
  const diff = centsToMoney(r.sandbarCents - r.pmsCents);
  return [
    es
      ? `No todo está enviado a ${system}: Sandbar $${r.sandbar}, ${system} confirmó $${r.pms} (diferencia $${diff}).`
      : `Not all posted to ${system}: Sandbar $${r.sandbar}, ${system} confirmed $${r.pms} (difference $${diff}).`,
    ...r.differences.map((d) => {
      const state = stateTexts[lang][d.state];
      const who = [d.room && (es ? `habitación ${d.room}` : `room ${d.room}`), d.guest].filter(Boolean).join(' ');
      // The sale by its invoice number, as the reports, the receipt and the Postings screen show it.
      const invoice = String(d.saleId).padStart(6, '0');
      return es
        ? `Factura ${invoice}${who ? ` (${who})` : ''}: Sandbar $${d.sandbar}, ${system} $${d.pms} — ${state}${d.detail ? `: ${d.detail}` : ''}`
        : `Invoice ${invoice}${who ? ` (${who})` : ''}: Sandbar $${d.sandbar}, ${system} $${d.pms} — ${state}${d.detail ? `: ${d.detail}` : ''}`;
    }),
  ];
}
