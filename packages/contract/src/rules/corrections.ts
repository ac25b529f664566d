import { formatCents } from './money';

// How a correction's before and after read on Notes/Drops, in View Transaction Details and in the
// sale's notes (issue 26). The server stores them as JSON of the corrected fields.

export type CorrectionKind = 'delete' | 'restore' | 'price' | 'tip' | 'tipDelete' | 'switch';

/** The wording of a correction kind on the agent's Notes/Drops line. */
export const correctionKindTexts: Record<string, string> = {
  delete: 'Deleted',
  restore: 'Restored',
  price: 'Price corrected',
  tip: 'Tip corrected',
  tipDelete: 'Tip removed',
  switch: 'Hotel switched',
};

/**
 * The words of a correction's sides that are not a figure or a name (the sale counted, or
 * deleted). The API sends them in English; the Spanish is `correctionValueTextsEs` in i18n.ts, so
 * Notes/Drops reads the whole line in the agent's language (issue 32).
 */
export const correctionValueTexts = {
  deleted: 'deleted',
  counted: 'counted',
  countedAmount: (amount: string) => `counted (${amount})`,
} as const;

/** One side of a correction ("$35.00", "deleted", "Sandy Shores Resort"). */
export function describeCorrectionValue(kind: string, json: string): string {
  let v: Record<string, unknown> = {};
  try {
    v = JSON.parse(json || '{}') as Record<string, unknown>;
  } catch {
    return kind;
  }
  if ('price' in v) return formatCents(Number(v.price));
  if ('tip' in v) return formatCents(Number(v.tip));
  if ('hotel' in v) return String(v.hotel);
  if ('total' in v) return correctionValueTexts.countedAmount(formatCents(Number(v.total)));
  if ('deleted' in v) return v.deleted ? correctionValueTexts.deleted : correctionValueTexts.counted;
  return kind;
}

/** The line added to the sale's notes: "Price corrected $35.00 → $30.00 by Ann Admin: wrong unit". */
export function correctionNote(c: {
  kind: string;
  before: string;
  after: string;
  who: string;
  reason: string;
}): string {
  const what = correctionKindTexts[c.kind] ?? c.kind;
  return `${what} ${c.before} → ${c.after} by ${c.who}${c.reason ? `: ${c.reason}` : ''}`;
}
