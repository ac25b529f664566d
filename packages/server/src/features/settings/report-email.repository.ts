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
