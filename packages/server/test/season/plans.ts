import { CompiledQuery, type Kysely, sql } from 'kysely';
import type { Database } from '../../src/db/connect';
import type { DB } from '../../src/db/schema';
import { testDialect } from '../helpers';
import { seasonStat1, seasonStat4 } from './season-stats';

// Shared by the query-plan tests (season/query-plans.test.ts, reports/report-plans.test.ts): run
// a repository's own queries, capture the SQL they send, and ask the database for its plan.

/** Runs `work` against a db that records every query it compiles. */
export async function captureQueries(
  db: Kysely<DB>,
  work: (db: Kysely<DB>) => Promise<unknown>,
): Promise<CompiledQuery[]> {
  const seen: CompiledQuery[] = [];
  const spy = db.withPlugin({
    transformQuery: (args) => {
      seen.push(db.getExecutor().compileQuery(args.node, args.queryId));
      return args.node;
    },
    transformResult: async (args) => args.result,
  });
  await work(spy);
  return seen;
}

export interface PlanNode {
  table: string;
  /** SQLite: the plan line; PostgreSQL: the node type. */
  how: string;
  index?: string;
  /** False for a full scan: SQLite "SCAN t", PostgreSQL "Seq Scan" or an index walked without a condition. */
  narrowed: boolean;
}

/** The plan's accesses to the given tables. */
export async function planAccesses(db: Kysely<DB>, q: CompiledQuery, tables: ReadonlySet<string>): Promise<PlanNode[]> {
  if (testDialect === 'sqlite') {
    const r = await db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`EXPLAIN QUERY PLAN ${q.sql}`, [...q.parameters]),
    );
    return r.rows.flatMap((row) => {
      const m = /^(SCAN|SEARCH) (\w+)(?: USING (?:COVERING )?INDEX (\w+))?/.exec(row.detail);
      if (!m || !tables.has(m[2]!)) return [];
      return [{ table: m[2]!, how: row.detail, index: m[3], narrowed: m[1] === 'SEARCH' }];
    });
  }
  return db.connection().execute(async (c) => {
    // Tiny test tables make a sequential scan (or walking a whole index) the cheapest plan; price
    // out scans and every row visited, so the plan shows whether an index can narrow the query.
    await sql`set enable_seqscan = off`.execute(c);
    await sql`set cpu_tuple_cost = 1`.execute(c);
    await sql`set cpu_index_tuple_cost = 1`.execute(c);
    try {
      const r = await c.executeQuery<{ 'QUERY PLAN': unknown }>(
        CompiledQuery.raw(`EXPLAIN (FORMAT JSON) ${q.sql}`, [...q.parameters]),
      );
      const out: PlanNode[] = [];
      const walk = (n: Record<string, unknown>) => {
        const rel = n['Relation Name'] as string | undefined;
        const type = n['Node Type'] as string;
        if (rel && tables.has(rel)) {
          out.push({
            table: rel,
            how: type,
            index: n['Index Name'] as string | undefined,
            // "id IS NOT NULL" alone is how PostgreSQL walks a whole index for min() or max().
            narrowed:
              type !== 'Seq Scan' &&
              (!/Index/.test(type) || (!!n['Index Cond'] && !/^\(\w+ IS NOT NULL\)$/.test(String(n['Index Cond'])))),
          });
        }
        for (const child of (n.Plans as Record<string, unknown>[] | undefined) ?? []) walk(child);
      };
      const plan = r.rows[0]!['QUERY PLAN'];
      walk(((typeof plan === 'string' ? JSON.parse(plan) : plan) as { Plan: Record<string, unknown> }[])[0]!.Plan);
      return out;
    } finally {
      await sql`reset all`.execute(c);
    }
  });
}

/**
 * Where the plan sorts every row it read instead of reading them in order: SQLite's "USE TEMP
 * B-TREE FOR ORDER BY" (not "…FOR RIGHT PART/LAST n TERMS OF ORDER BY", a sort within each day),
 * PostgreSQL's Sort node (not Incremental Sort). For a page of a season search that is a sort of
 * the whole season.
 */
export async function wholeSorts(db: Kysely<DB>, q: CompiledQuery): Promise<string[]> {
  if (testDialect === 'sqlite') {
    const r = await db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`EXPLAIN QUERY PLAN ${q.sql}`, [...q.parameters]),
    );
    return r.rows.map((row) => row.detail).filter((d) => d === 'USE TEMP B-TREE FOR ORDER BY');
  }
  return db.connection().execute(async (c) => {
    await sql`set enable_seqscan = off`.execute(c);
    try {
      const r = await c.executeQuery<{ 'QUERY PLAN': unknown }>(
        CompiledQuery.raw(`EXPLAIN (FORMAT JSON) ${q.sql}`, [...q.parameters]),
      );
      const out: string[] = [];
      const walk = (n: Record<string, unknown>) => {
        if (n['Node Type'] === 'Sort') out.push(`Sort on ${JSON.stringify(n['Sort Key'])}`);
        for (const child of (n.Plans as Record<string, unknown>[] | undefined) ?? []) walk(child);
      };
      const plan = r.rows[0]!['QUERY PLAN'];
      walk(((typeof plan === 'string' ? JSON.parse(plan) : plan) as { Plan: Record<string, unknown> }[])[0]!.Plan);
      return out;
    } finally {
      await sql`reset all`.execute(c);
    }
  });
}

/**
 * The statistics a plan is made with. `none`: none at all (a venue where nothing ever ran
 * ANALYZE); `analyzed`: ANALYZE of the test's own data; `season` (SQLite): the statistics ANALYZE
 * wrote for a 120-day season of 1,200 units (season-stat1.ts), with which SQLite plans as it does
 * on that season. SQLite documents sqlite_stat1 as writable for this; `ANALYZE sqlite_schema`
 * makes it read the table again.
 */
export type Statistics = 'none' | 'analyzed' | 'season';
export const statisticsModes: Statistics[] =
  testDialect === 'sqlite' ? ['none', 'analyzed', 'season'] : ['none', 'analyzed'];

export async function useStatistics(database: Database, mode: Statistics): Promise<void> {
  const db = database.db;
  if (database.dialect === 'sqlite') {
    await sql`analyze`.execute(db);
    await sql`delete from sqlite_stat1`.execute(db);
    // Built with STAT4 or not, the table may be absent.
    const stat4 = await sql<{ n: number }>`select count(*) as n from sqlite_schema where name = 'sqlite_stat4'`.execute(
      db,
    );
    if (stat4.rows[0]!.n > 0) await sql`delete from sqlite_stat4`.execute(db);
    if (mode === 'analyzed') await sql`analyze`.execute(db);
    if (mode === 'season') {
      for (const [tbl, idx, stat] of seasonStat1) {
        await sql`insert into sqlite_stat1 (tbl, idx, stat) values (${tbl}, ${idx}, ${stat})`.execute(db);
      }
      if (stat4.rows[0]!.n > 0) {
        for (const [tbl, idx, neq, nlt, ndlt, sample] of seasonStat4) {
          await sql`insert into sqlite_stat4 (tbl, idx, neq, nlt, ndlt, sample)
            values (${tbl}, ${idx}, ${neq}, ${nlt}, ${ndlt}, ${Buffer.from(sample, 'hex')})`.execute(db);
        }
      }
    }
    await sql`analyze sqlite_schema`.execute(db);
    return;
  }
  if (mode === 'season') throw new Error('The season statistics are SQLite-only');
  if (mode === 'analyzed') {
    await sql`analyze`.execute(db);
    return;
  }
  // As a database nothing ever analyzed: no column statistics, no row counts.
  await sql`delete from pg_statistic where starelid in (select oid from pg_class where relnamespace = 'public'::regnamespace)`.execute(
    db,
  );
  await sql`update pg_class set reltuples = -1, relpages = 0 where relnamespace = 'public'::regnamespace and relkind in ('r', 'i')`.execute(
    db,
  );
}
