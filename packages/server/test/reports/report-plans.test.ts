import { dailyReportTypes, roomChargeType } from '@sandbar/contract/reports';
import { CompiledQuery, type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSeason, type SeasonSummary } from '../../../../bench/season/seed';
import type { DB } from '../../src/db/schema';
import * as repo from '../../src/features/reports/reports.repository';
import { getReport, getSearchReport } from '../../src/features/reports/reports.service';
import { type TestDatabase, createTestDatabase, testDialect } from '../helpers';
import { captureQueries, planAccesses } from '../season/plans';

// Issue 10, scale: on a season's data every daily report reads only its day through an index,
// and the summary searches (dailyByType, agentTip) over a whole season are answered from the
// sales_day_totals index alone (decision 101), never from the sale rows. Each test captures the
// SQL the reports send and asks the database for its plan, as test/season/query-plans.test.ts does.

const NOW = Date.UTC(2026, 6, 15, 19, 0);
const seasonTables = new Set([
  'sales',
  'sale_items',
  'unit_customers',
  'unit_states',
  'unit_logs',
  'unit_moves',
  'outbox',
  'dropoffs',
  'reprints',
  'receipt_prints',
  // Not sale_corrections: a season has one line per fifty sales (5,092 for 228k sales), and
  // SQLite reads it whole, in id order, for the custom-price report (2 ms).
]);

let testDb: TestDatabase;
let season: SeasonSummary;

beforeAll(async () => {
  testDb = await createTestDatabase();
  season = await seedSeason(testDb.database, { days: 3, units: 150, scale: 0.3, now: NOW });
  // As autovacuum does over a season: the visibility map that lets an index be read alone.
  if (testDialect === 'postgres') await sql`vacuum (analyze) sales`.execute(testDb.database.db);
}, 120_000);
afterAll(async () => {
  await testDb?.drop();
});

const capture = (work: (db: Kysely<DB>) => Promise<unknown>) => captureQueries(testDb.database.db, work);

/** The plan's accesses to season tables. */
const accesses = (q: CompiledQuery) => planAccesses(testDb.database.db, q, seasonTables);

const wholeSeason = () => ({ from: season.firstDay, to: season.today });

describe('report query plans on a season', () => {
  it('the summary searches over the whole season read only the sales_day_totals index', async () => {
    const queries = await capture(async (db) => {
      await repo.methodTotals(db, wholeSeason(), 'day');
      await repo.methodTotals(db, wholeSeason(), 'user', { tipOnly: true });
      // A paged list search's footer (decision 102): tips, and card tips.
      await repo.methodTotals(db, wholeSeason(), 'method', { tipOnly: true });
      await repo.methodTotals(db, wholeSeason(), 'method', { tipOnly: true, method: 'Credit Card' });
    });
    expect(queries).toHaveLength(4);
    for (const q of queries) {
      const seen = await accesses(q);
      expect(seen).toHaveLength(1);
      expect({ sql: q.sql, index: seen[0]!.index, narrowed: seen[0]!.narrowed }).toEqual({
        sql: q.sql,
        index: 'sales_day_totals',
        narrowed: true,
      });
      // From the index alone: SQLite says "COVERING INDEX", PostgreSQL plans an index-only scan.
      if (testDialect === 'sqlite') expect(seen[0]!.how).toContain('COVERING INDEX sales_day_totals');
      else expect(seen[0]!.how).toBe('Index Only Scan');
    }
  });

  it('every daily report type reads its day through indexes, never a whole season table', async () => {
    const hotel = await testDb.database.db
      .selectFrom('hotels')
      .select('name')
      .where('is_other', '=', 0)
      .executeTakeFirstOrThrow();
    const ts = Math.floor((NOW - 6 * 3_600_000) / 1000);
    for (const type of [...dailyReportTypes, roomChargeType(hotel.name)]) {
      const queries = await capture((db) => getReport({ db, clock: { now: () => NOW } }, { userType: 'A' }, type, ts));
      for (const q of queries) {
        const scans = (await accesses(q)).filter((a) => !a.narrowed).map((a) => `${a.table}: ${a.how}`);
        expect({ type, sql: q.sql, scans }).toEqual({ type, sql: q.sql, scans: [] });
      }
    }
  });

  it('a page of every list search over the whole season reads the days through indexes', async () => {
    const hotel = await testDb.database.db
      .selectFrom('hotels')
      .select('name')
      .where('is_other', '=', 0)
      .executeTakeFirstOrThrow();
    const deps = { db: testDb.database.db, clock: { now: () => NOW } };
    const from = NOW - 10 * 86_400_000;
    for (const type of ['tip', 'creditCardTips', 'creditCardDaily', roomChargeType(hotel.name)]) {
      // The first page, then the next one from where it stopped.
      const first = await getSearchReport(deps, { userType: 'A' }, type, from, NOW, { limit: 50 });
      expect(first.page?.total, type).toBeGreaterThan(0);
      const after = first.page?.next ?? undefined;
      const queries = await capture((db) =>
        getSearchReport({ ...deps, db }, { userType: 'A' }, type, from, NOW, { limit: 50, after }),
      );
      for (const q of queries) {
        const scans = (await accesses(q)).filter((a) => !a.narrowed).map((a) => `${a.table}: ${a.how}`);
        expect({ type, sql: q.sql, scans }).toEqual({ type, sql: q.sql, scans: [] });
      }
    }
  });
});
