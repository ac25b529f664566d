/**
 * A database error that is an answer (a unit taken between a sale's read and its write, SB409; a
 * unique key already there; a lost serialisation race) reaches the service with its code and
 * message and no formatted stack (issue 36): Kysely reads the stack of every error a query throws,
 * and under `--enable-source-maps` the first read parsed the bundle's 2.4 MB source map, a 40–70 ms
 * stall of the event loop in the opening rush. A fault keeps its stack for the log.
 */
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type TestDatabase, createTestDatabase, testDialect } from '../helpers';

/** How many stacks V8 formats while `run` runs (each goes through Error.prepareStackTrace). */
async function stacksFormatted(run: () => Promise<unknown>): Promise<{ formatted: number; error: unknown }> {
  const before = Error.prepareStackTrace;
  let formatted = 0;
  Error.prepareStackTrace = (err, frames) => {
    formatted++;
    return before ? before(err, frames) : `${String(err)}\n${frames.map((f) => `    at ${String(f)}`).join('\n')}`;
  };
  try {
    await run();
    return { formatted, error: null };
  } catch (error) {
    return { formatted, error };
  } finally {
    Error.prepareStackTrace = before;
  }
}

describe.skipIf(testDialect !== 'postgres')('database errors that are answers', () => {
  let t: TestDatabase;
  beforeEach(async () => {
    t = await createTestDatabase();
  });
  afterEach(async () => {
    await t.drop();
  });

  it('a unit taken at the write (SB409) and a duplicate key come back without a stack formatted', async () => {
    const raised = sql`DO $$ BEGIN RAISE EXCEPTION 'a unit of this sale was taken meanwhile' USING ERRCODE = 'SB409'; END $$`;
    const taken = await stacksFormatted(() => raised.execute(t.database.db));
    expect(taken.error).toMatchObject({ code: 'SB409', message: 'a unit of this sale was taken meanwhile' });
    expect(taken.formatted).toBe(0);

    await sql`CREATE TEMP TABLE once (id int PRIMARY KEY)`.execute(t.database.db);
    const twice = await stacksFormatted(() => sql`INSERT INTO once VALUES (1), (1)`.execute(t.database.db));
    expect(twice.error).toMatchObject({ code: '23505' });
    expect(twice.formatted).toBe(0);
  });

  it('a fault keeps its stack, with the caller in it', async () => {
    const fault = await stacksFormatted(() => sql`SELECT * FROM no_such_table`.execute(t.database.db));
    expect(fault.error).toMatchObject({ code: '42P01' });
    const stack = (fault.error as Error).stack;
    expect(typeof stack).toBe('string');
    expect(stack).toContain('quiet-answers.test.ts');
  });
});
