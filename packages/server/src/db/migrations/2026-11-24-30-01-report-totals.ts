import { type Kysely, sql } from 'kysely';

// Frozen: the index the season's summary searches ask for (issue 10, decision 101). "Daily
// Totals" (dailyByType) and "Agent" (agentTip) over a whole season add up every counting sale of
// 120 days: through sales_day each of ≈240k wide rows was read from the table. This index holds
// exactly what those sums read, for counting sales only, so they are answered from it alone
// (test/reports/report-plans.test.ts fails if they fall back to the table).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('sales_day_totals')
    .on('sales')
    // deleted_at (always null here) too: SQLite reads a partial index's condition column from the
    // index, or it goes back to the table for every row.
    .columns(['day', 'user_id', 'payment_method', 'tip_cents', 'total_cents', 'deleted_at'])
    .where(sql.ref('deleted_at'), 'is', null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('sales_day_totals').execute();
}
