import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';

type Db = Kysely<DB> | Transaction<DB>;

/** Claims the day's report e-mail; false when another run (or instance) already claimed it. */
export async function claimReportDay(db: Db, day: string, now: number): Promise<boolean> {
  const res = await db
    .insertInto('report_email_runs')
    .values({ day, at: now })
    .onConflict((oc) => oc.column('day').doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Sales of one business day (not deleted): count and totals per payment method. */
export function salesByMethod(db: Db, day: string) {
  return db
    .selectFrom('sales')
    .select((eb) => [
      'payment_method',
      eb.fn.countAll<number | string>().as('count'),
      eb.fn.sum<number | string>('total_cents').as('total_cents'),
      eb.fn.sum<number | string>('tip_cents').as('tip_cents'),
    ])
    .where('day', '=', day)
    .where('deleted_at', 'is', null)
    .groupBy('payment_method')
    .orderBy('payment_method')
    .execute();
}

/**
 * Who gets the daily report e-mail: active admins with an e-mail address. The reports-config
 * feature (subscriber lists per report) replaces this when it lands.
 */
export async function reportRecipients(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('users')
    .select('email')
    .where('user_type', '=', 'A')
    .where('active', '=', 1)
    .where('email', '!=', '')
    .orderBy('id')
    .execute();
  return [...new Set(rows.map((r) => r.email.trim()).filter(Boolean))];
}
