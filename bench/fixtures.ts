import crypto from 'node:crypto';
import type { Database } from '../packages/server/src/db/connect';
import { compactSignature } from '../packages/server/src/features/sales/signature-png';
import { signaturePool } from './season/signature';

/**
 * An all-day $30 umbrella that every bench sale sells, whatever the hour the bench runs at (the
 * backup-under-load and PostgreSQL-restart tests sell it too).
 */
export async function insertBenchPrice(db: Database['db'], now: number, name = 'Bench Umbrella'): Promise<number> {
  const { id } = await db
    .insertInto('prices')
    .values({
      name,
      price_cents: 3000,
      retail_rate_cents: 3000,
      hotel_rate_cents: 0,
      add_on: 0,
      sort: 0,
      start_time: 0,
      end_time: 24,
      unit_type: 'U',
      all_hotels: 0,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** The unit (position) ids of a location, in grid order. */
export async function positionIdsOf(db: Database['db'], locationId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('positions')
    .select('id')
    .where('location_id', '=', locationId)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}

/** What the bench's tablets send as a signature: `compact` (today's tablet), `rgba` (an older one) or `none`. */
export type SignatureKind = 'compact' | 'rgba' | 'none';

export function signatureKind(): SignatureKind {
  const kind = (process.env.SALES_BENCH_SIGNATURE ?? 'compact') as SignatureKind;
  if (!['compact', 'rgba', 'none'].includes(kind)) throw new Error('SALES_BENCH_SIGNATURE is compact, rgba or none');
  return kind;
}

/** The signatures the tablets send: 200 distinct drawn ones, as data URLs (none when unsigned). */
export function benchSignatures(kind: SignatureKind): string[] {
  if (kind === 'none') return [];
  const pads = signaturePool(200, 25);
  if (kind === 'rgba') return pads;
  // The tablet's 1-bit PNG (web signature-png.ts) follows the server's ink rule: the same bytes.
  return pads.map((p) => `data:image/png;base64,${compactSignature(p)!.toString('base64')}`);
}

// The season's mix (season/seed.ts): card 4 in 7 with its tips, cash 2 in 7, voucher 1 in 7.
const methods = ['Credit Card', 'Credit Card', 'Credit Card', 'Credit Card', 'Cash', 'Cash', 'Voucher'] as const;
const cardTips = ['0', '3.00', '5.00', '5.00', '10.00'];

/** The n-th bench sale of a unit at the bench price: signed, in the season's mix of methods, tips and receipts. */
export function benchSaleBody(n: number, unitId: number, priceId: number, signatures: string[]): string {
  const paymentMethod = methods[n % methods.length]!;
  const email = n % 10 >= 7;
  return JSON.stringify({
    customerData: {
      ourTransactionId: crypto.randomUUID(),
      unitId,
      paymentMethod,
      customerName: 'Bench Guest',
      selectedUnit: priceId,
      orderTotal: '30.00',
      tipAmount: paymentMethod === 'Credit Card' ? cardTips[n % cardTips.length]! : '0',
      cardTransactionId: paymentMethod === 'Credit Card' ? `CT${n}` : undefined,
      voucherNumber: paymentMethod === 'Voucher' ? `V${100000 + n}` : undefined,
      receiptType: email ? 'email' : 'phone',
      customerPhone: email ? '' : '3055550100',
      customerEmail: email ? 'guest@example.com' : '',
      signature: signatures.length ? signatures[n % signatures.length] : undefined,
    },
  });
}
