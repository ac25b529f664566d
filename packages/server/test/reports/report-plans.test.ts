import { dailyReportTypes, roomChargeType, searchReportTypes } from '@sandbar/contract/reports';
import { type CompiledQuery, type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSeason, type SeasonSummary } from '../../../../bench/season/seed';
import type { DB } from '../../src/db/schema';
import * as repo from '../../src/features/reports/reports.repository';
import { getReport, getSearchReport } from '../../src/features/reports/reports.service';
import { type TestDatabase, createTestDatabase, testDialect } from '../helpers';
import { captureQueries, planAccesses, statisticsModes, useStatistics, wholeSorts } from '../season/plans';
import { seasonStatsDays } from '../season/season-stats';

// Issue 10, scale: on a season's data every daily report reads only its day through an index,
// and the summary searches (dailyByType, agentTip) over a whole season are answered from the
// sales_day_totals index alone (decision 101), never from the sale rows. Each test captures the
// SQL the reports send and asks the database for its plan, as test/season/query-plans.test.ts does.
// Issue 25: a plan must not depend on whether anyone ran ANALYZE, so every test runs without
// statistics, with the test data's own, and (SQLite) with a real 120-day season's; a page of a
// season search must also come off an index in order, never from a sort of the whole season.

// Days inside the season whose statistics the `season` mode loads (season-stats.ts): 6 p.m. in
// New York on 2026-11-20, a busy day of it.
const NOW = Date.UTC(2026, 10, 20, 23, 0);
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
  if (testDialect === 'postgres') await sql`vacuum sales`.execute(testDb.database.db);
}, 120_000);
afterAll(async () => {
  await testDb?.drop();
});

const capture = (work: (db: Kysely<DB>) => Promise<unknown>) => captureQueries(testDb.database.db, work);

/** The plan's accesses to season tables. */
const accesses = (q: CompiledQuery) => planAccesses(testDb.database.db, q, seasonTables);

// The whole season: from the first day of the season whose statistics are loaded.
const wholeSeason = () => ({ from: seasonStatsDays.first, to: season.today });

describe.each(statisticsModes)('report query plans on a season, statistics: %s', (mode) => {
  beforeAll(async () => {
    await useStatistics(testDb.database, mode);
  });

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

  it('every daily report type, today and yesterday, reads its day through indexes, never a whole season table', async () => {
    const hotel = await testDb.database.db
      .selectFrom('hotels')
      .select('name')
      .where('is_other', '=', 0)
      .executeTakeFirstOrThrow();
    for (const daysBack of [0, 1]) {
      const ts = Math.floor((NOW - 6 * 3_600_000 - daysBack * 86_400_000) / 1000);
      for (const type of [...dailyReportTypes, roomChargeType(hotel.name)]) {
        const queries = await capture((db) =>
          getReport({ db, clock: { now: () => NOW } }, { userType: 'A' }, type, ts),
        );
        for (const q of queries) {
          const scans = (await accesses(q)).filter((a) => !a.narrowed).map((a) => `${a.table}: ${a.how}`);
          expect({ type, daysBack, sql: q.sql, scans }).toEqual({ type, daysBack, sql: q.sql, scans: [] });
        }
      }
    }
  });

  it('every season search over the whole season reads through indexes; a page never sorts the season', async () => {
    const hotel = await testDb.database.db
      .selectFrom('hotels')
      .select('name')
      .where('is_other', '=', 0)
      .executeTakeFirstOrThrow();
    const deps = { db: testDb.database.db, clock: { now: () => NOW } };
    const from = Date.parse(`${seasonStatsDays.first}T16:00:00Z`);
    for (const type of [...searchReportTypes.map((t) => t.type), roomChargeType(hotel.name)]) {
      const first = await capture((db) =>
        getSearchReport({ ...deps, db }, { userType: 'A' }, type, from, NOW, { limit: 20 }),
      );
      // And the next page, from where the first stopped.
      const page = await getSearchReport(deps, { userType: 'A' }, type, from, NOW, { limit: 20 });
      const after = page.page?.next ?? undefined;
      if (page.page) expect(after, type).toBeTruthy();
      const next = after
        ? await capture((db) =>
            getSearchReport({ ...deps, db }, { userType: 'A' }, type, from, NOW, { limit: 20, after }),
          )
        : [];
      let pageQueries = 0;
      // A page reads day after day with the same statement: one plan per statement text.
      const distinct = [...new Map([...first, ...next].map((q) => [q.sql, q])).values()];
      for (const q of distinct) {
        // The Move search answers every move of the range (a few hundred a season): reading the
        // whole of unit_moves is its answer, not a missed index.
        const scans = (await accesses(q))
          .filter((a) => !a.narrowed && !(type === 'move' && a.table === 'unit_moves'))
          .map((a) => `${a.table}: ${a.how}`);
        // A page's query sorts at most one day's sales (`"sales"."day" = ?`); any other sort of
        // the range is a sort of the whole season.
        const oneDay = /"sales"\."day" = (\?|\$\d+)/.test(q.sql);
        const sorts = page.page && /\blimit\b/i.test(q.sql) && !oneDay ? await wholeSorts(testDb.database.db, q) : [];
        if (page.page && /\blimit\b/i.test(q.sql)) pageQueries++;
        expect({ type, sql: q.sql, scans, sorts }).toEqual({ type, sql: q.sql, scans: [], sorts: [] });
      }
      if (page.page) expect(pageQueries, type).toBeGreaterThan(0);
    }
  }, 120_000);
});
