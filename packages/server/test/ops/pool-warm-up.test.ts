/**
 * The pool's warm-up (decision 374): a PostgreSQL backend's first plans of the sale's and the
 * booking's statements cost ~35 ms of the database's CPU; under the opening rush ten cold backends
 * were a third of the database's work. The server opens its pool's connections at start, each
 * planning the hot statements once, keeps them, and plans them again on a connection opened later
 * (after a database restart).
 */
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type TestDatabase, createTestDatabase, testDialect } from '../helpers';
import { saleStatementsToWarm } from '../../src/features/sales/sale-statement.pg';
import { bookingStatementsToWarm } from '../../src/features/reservations/booking-statement.pg';
import { limitStatementsToWarm } from '../../src/features/reservations/public-limits';

const hot = () => [...saleStatementsToWarm(), ...bookingStatementsToWarm(), ...limitStatementsToWarm()];

describe.skipIf(testDialect !== 'postgres')('the PostgreSQL pool warm-up', () => {
  let t: TestDatabase;
  beforeEach(async () => {
    t = await createTestDatabase();
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await t.drop();
  });

  it('plans every hot statement against the schema as it is (a renamed column fails here, not silently at start)', async () => {
    const c = new pg.Client({ connectionString: t.url });
    await c.connect();
    try {
      for (const q of hot().map((s) => s.compile(t.database.db))) {
        const { rows } = await c.query(`EXPLAIN ${q.sql}`, [...q.parameters]);
        expect(rows.length).toBeGreaterThan(0);
      }
    } finally {
      await c.end();
    }
  });

  it('opens every connection of the pool with the plans made, and plans them on a connection opened later', async () => {
    const explained: string[] = [];
    const query = pg.Client.prototype.query;
    vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (this: pg.Client, ...args: unknown[]) {
      if (typeof args[0] === 'string' && args[0].startsWith('EXPLAIN')) explained.push(args[0]);
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof query);
    const statements = hot().map((s) => s.compile(t.database.db));
    await t.database.warmUp!(statements);
    const stats = t.database.poolStats!();
    expect(stats.total).toBe(stats.max);
    expect(stats.idle).toBe(stats.max);
    expect(explained.length).toBe(stats.max * statements.length);

    // A backend ends (a restart, an operator's pg_terminate_backend): the pool's next connection
    // plans the statements before the query it was opened for.
    const admin = new pg.Client({ connectionString: t.url });
    await admin.connect();
    await admin.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`,
    );
    await admin.end();
    for (let i = 0; i < 50 && t.database.poolStats!().total > 0; i++) await new Promise((r) => setTimeout(r, 20));
    explained.length = 0;
    const { rows } = await t.database.db
      .selectFrom('settings')
      .select('key')
      .limit(1)
      .execute()
      .then((r) => ({ rows: r }));
    expect(rows).toBeDefined();
    expect(explained.length).toBe(statements.length);
  });
});
