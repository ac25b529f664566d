import { addDays, businessDay, dayStartMs } from '@sandbar/contract/rules/time';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { BalanceLine, PaymentProvider } from '../../platform/payments/provider';

// The provider's balance lines as Sandbar last read them (issue 33 point 9, decision 305). Read
// through the port, stored per line, so the Payments report shows the provider's fees and a day
// read earlier stays readable. The provider is the truth: a line read again replaces its copy.

/** Reads [from, to] (business days) from the provider and stores every line; marks the days read. */
export async function readProviderDays(
  db: Kysely<DB>,
  provider: PaymentProvider,
  range: { from: string; to: string },
  timeZone: string,
  now: number,
): Promise<BalanceLine[]> {
  const fromMs = dayStartMs(range.from, timeZone);
  const toMs = dayStartMs(addDays(range.to, 1), timeZone);
  const lines = await provider.balanceTransactions(fromMs, toMs);
  await storeLines(db, provider.name, lines, timeZone, now);
  // A day still to come is not "read": its payments have not happened yet.
  const today = businessDay(now, timeZone);
  const days: string[] = [];
  for (let d = range.from; d <= range.to && d <= today; d = addDays(d, 1)) days.push(d);
  await db.transaction().execute(async (trx) => {
    for (const day of days)
      await trx
        .insertInto('payment_provider_days')
        .values({ provider: provider.name, day, read_at: now })
        .onConflict((oc) => oc.columns(['provider', 'day']).doUpdateSet({ read_at: now }))
        .execute();
  });
  return lines;
}

export async function storeLines(
  db: Kysely<DB>,
  provider: string,
  lines: BalanceLine[],
  timeZone: string,
  now: number,
): Promise<void> {
  if (lines.length === 0) return;
  await db.transaction().execute(async (trx) => {
    for (const l of lines) {
      const row = {
        type: l.type,
        amount_cents: l.amountCents,
        fee_cents: l.feeCents,
        net_cents: l.netCents,
        currency: l.currency.toUpperCase().slice(0, 3),
        created_at: l.created,
        day: businessDay(l.created, timeZone),
        source_ref: l.sourceRef,
        read_at: now,
      };
      await trx
        .insertInto('payment_provider_lines')
        .values({ provider, line_id: l.id, ...row })
        .onConflict((oc) => oc.columns(['provider', 'line_id']).doUpdateSet(row))
        .execute();
    }
  });
}

/** Fees per business day of the lines stored (any provider), and which days of the range were ever read. */
export async function feesByDay(db: Kysely<DB>, range: { from: string; to: string }) {
  const [fees, read] = await Promise.all([
    db
      .selectFrom('payment_provider_lines')
      .select(['day', (eb) => eb.fn.sum<number>('fee_cents').as('cents')])
      .where('day', '>=', range.from)
      .where('day', '<=', range.to)
      .groupBy('day')
      .execute(),
    db
      .selectFrom('payment_provider_days')
      .select('day')
      .where('day', '>=', range.from)
      .where('day', '<=', range.to)
      .execute(),
  ]);
  return {
    fees: new Map(fees.map((f) => [f.day, Number(f.cents ?? 0)])),
    read: new Set(read.map((r) => r.day)),
  };
}
