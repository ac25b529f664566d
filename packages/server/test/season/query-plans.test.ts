import { CompiledQuery, type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSeason, type SeasonSummary } from '../../../../bench/season/seed';
import type { DB } from '../../src/db/schema';
import * as dropoff from '../../src/features/dropoff/dropoff.repository';
import * as hotels from '../../src/features/hotels/hotels.repository';
import * as locations from '../../src/features/locations/locations.repository';
import * as people from '../../src/features/people/people.repository';
import * as sales from '../../src/features/sales/sales.repository';
import { type TestDatabase, createTestDatabase, testDialect } from '../helpers';

// Issue 15: on a season's data the drop-off report, a replayed sale, the guest search and every
// delete check must find their rows through an index. Each test runs the repository's own
// queries, captures the SQL they send, and asks the database for its plan: a full scan of a
// season-sized table (SQLite "SCAN t", PostgreSQL "Seq Scan" or an index walked without a
// condition, with sequential scans priced out) fails the test.

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
  'hotel_guests',
]);

let testDb: TestDatabase;
let season: SeasonSummary;

beforeAll(async () => {
  testDb = await createTestDatabase();
  season = await seedSeason(testDb.database, { days: 2, units: 150, scale: 0.3, now: NOW });
}, 120_000);
afterAll(async () => {
  await testDb?.drop();
});

/** Runs `work` against a db that records every query it compiles. */
async function capture(work: (db: Kysely<DB>) => Promise<unknown>): Promise<CompiledQuery[]> {
  const db = testDb.database.db;
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

/** The full scans of season tables in a query's plan, as readable lines. */
async function fullScans(q: CompiledQuery): Promise<string[]> {
  const db = testDb.database.db;
  if (testDialect === 'sqlite') {
    const r = await db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`EXPLAIN QUERY PLAN ${q.sql}`, [...q.parameters]),
    );
    return r.rows
      .map((row) => row.detail)
      .filter((d) => {
        const m = /^SCAN (\w+)/.exec(d);
        return !!m && seasonTables.has(m[1]!);
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
      const out: string[] = [];
      const walk = (n: Record<string, unknown>) => {
        const rel = n['Relation Name'] as string | undefined;
        const type = n['Node Type'] as string;
        if (rel && seasonTables.has(rel)) {
          if (type === 'Seq Scan') out.push(`Seq Scan on ${rel}`);
          if (/Index/.test(type) && !n['Index Cond']) out.push(`${type} on ${rel} without a condition`);
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

async function expectIndexed(work: (db: Kysely<DB>) => Promise<unknown>): Promise<void> {
  const queries = await capture(work);
  expect(queries.length).toBeGreaterThan(0);
  for (const q of queries) expect({ sql: q.sql, scans: await fullScans(q) }).toEqual({ sql: q.sql, scans: [] });
}

const ids = async () => {
  const db = testDb.database.db;
  const agent = await db.selectFrom('users').select('id').where('username', '=', 'agent1').executeTakeFirstOrThrow();
  const sale = await db.selectFrom('sales').select(['id', 'our_transaction_id']).limit(1).executeTakeFirstOrThrow();
  const hotel = await db.selectFrom('hotels').select('id').where('is_other', '=', 0).executeTakeFirstOrThrow();
  const price = await db.selectFrom('prices').select('id').limit(1).executeTakeFirstOrThrow();
  return { agent: agent.id, sale, hotel: hotel.id, price: price.id, location: season.locationIds[0]! };
};

describe('season query plans', () => {
  it("the drop-off report reads only the agent's day", async () => {
    const { agent } = await ids();
    await expectIndexed((db) => dropoff.salesTotalsByMethod(db, agent, season.today));
    await expectIndexed((db) => dropoff.dropoffsOf(db, agent, season.today));
    await expectIndexed((db) => dropoff.customersOf(db, agent, season.today));
  });

  it('a replayed sale finds the sale and its customers', async () => {
    const { sale } = await ids();
    await expectIndexed((db) => sales.saleByTransactionId(db, sale.our_transaction_id));
    await expectIndexed((db) => sales.customersOfSale(db, sale.id));
  });

  it('the hotel guest search reads one hotel', async () => {
    const { hotel } = await ids();
    await expectIndexed((db) => sales.searchGuests(db, { hotelId: hotel, lastName: 'smi', room: '', limit: 25 }));
    await expectIndexed((db) => sales.searchGuests(db, { hotelId: hotel, lastName: '', room: '0305', limit: 50 }));
  });

  it('delete checks of locations, users, prices and hotels use indexes', async () => {
    const { location, agent, hotel } = await ids();
    await expectIndexed((db) => locations.hasHistory(db, location));
    await expectIndexed((db) => people.hasSales(db, agent));
    await expectIndexed((db) => hotels.hasSales(db, hotel));
  });

  it('the foreign-key checks of an erase (a row per child table) use indexes', async () => {
    // What the database runs for each erased location position, user or price.
    const children: [string, string][] = [
      ['unit_states', 'position_id'],
      ['unit_customers', 'position_id'],
      ['unit_logs', 'position_id'],
      ['sale_items', 'position_id'],
      ['unit_moves', 'from_position_id'],
      ['unit_moves', 'to_position_id'],
      ['sales', 'location_id'],
      ['sale_items', 'price_id'],
      ['sales', 'hotel_id'],
      ['sales', 'user_id'],
      ['sales', 'deleted_by'],
      ['unit_logs', 'user_id'],
      ['unit_customers', 'created_by'],
      ['unit_states', 'updated_by'],
      ['unit_states', 'hold_user_id'],
    ];
    for (const [table, column] of children) {
      await expectIndexed((db) =>
        db
          .selectFrom(table as 'sales')
          .select(sql`1`.as('x'))
          .where(column as 'id', '=', 1)
          .execute(),
      );
    }
  });
});
