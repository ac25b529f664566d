import { CompiledQuery, type Kysely, sql } from 'kysely';
import type { DB } from '../../src/db/schema';
import { testDialect } from '../helpers';

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
            narrowed: type !== 'Seq Scan' && (!/Index/.test(type) || !!n['Index Cond']),
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
