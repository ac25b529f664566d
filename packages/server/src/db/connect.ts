import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { type CompiledQuery, Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { DB } from './schema';
import { BACKSTOP_PAGES, type Checkpointer, startCheckpointer } from './sqlite-checkpointer';

export type Dialect = 'sqlite' | 'postgres';

export interface Database {
  db: Kysely<DB>;
  dialect: Dialect;
  /** Set for PostgreSQL: the connection string, for LISTEN/NOTIFY clients. */
  url?: string;
  /** Set for SQLite: the database file path. */
  file?: string;
  /**
   * Where lost connections are reported (the app sets its logger here at build). A lost
   * connection never throws out of the pool: the request using it fails, the pool reconnects.
   */
  onConnectionError: (err: Error) => void;
  /**
   * SQLite: the connection itself, for the few hot paths that run prepared statements without
   * Kysely (sale-statement.sqlite.ts). Use only with Kysely's connection held (db.connection()).
   */
  sqlite?: SqliteHandle;
  /** PostgreSQL: the pool's connections now (metrics). */
  poolStats?: () => { total: number; idle: number; waiting: number; max: number };
  /**
   * PostgreSQL: opens every connection of the pool now, each planning these statements once
   * (EXPLAIN: nothing runs), and plans them on each connection opened later, after a database
   * restart (decision 374). The pool keeps its connections: a new one costs its first statements
   * a cold catalogue.
   */
  warmUp?: (statements: CompiledQuery[]) => Promise<void>;
  close(): Promise<void>;
}

// int8 (bigint) columns hold epoch milliseconds: well inside Number's safe range.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));
// numeric: we keep money in integer cents, but sums come back as numeric.
pg.types.setTypeParser(1700, (v) => Number.parseFloat(v));

/** SQL that starts with this is parsed and planned once per connection (see PreparingClient). */
export const PREPARED = '/* prepared */';
const preparedNames = new Map<string, string>();

/**
 * Makes a pg client turn a statement marked PREPARED into a named prepared statement: PostgreSQL
 * parses it once per connection and, after a few runs, keeps its plan. Only the hot, fixed-text
 * statements of a sale are marked (sale-statement.pg.ts): planning the sale's write took longer
 * than running it. Anything else goes through unchanged.
 */
function prepareMarked(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...a: unknown[]) => unknown;
  client.query = ((...args: unknown[]) => {
    const [text, values] = args;
    if (args.length === 2 && typeof text === 'string' && text.startsWith(PREPARED) && Array.isArray(values)) {
      let name = preparedNames.get(text);
      if (!name) {
        name = `sandbar_${crypto.createHash('sha1').update(text).digest('hex').slice(0, 16)}`;
        preparedNames.set(text, name);
      }
      return query({ name, text, values });
    }
    return query(...args);
  }) as typeof client.query;
}

/**
 * SQLSTATEs that are answers, not faults: a unit taken between a sale's read and its write (SB409,
 * raised by the sale's and the booking's statements), a lost serialisation race or deadlock, a
 * unique key already there. The services turn each into a 409 (or retry) and never show its stack.
 */
const ANSWER_CODES = new Set(['SB409', '40P01', '40001', '23505']);

/**
 * Such an error leaves the client without a formatted stack (issue 36). Kysely appends its own
 * stack to every error a query throws, reading both stacks; with `--enable-source-maps` each read
 * maps every frame through the bundle's 2.4 MB source map (~0.8 ms), and the first one parses the
 * map: a 40–70 ms stall of the event loop when the opening rush's first sale lost its unit at the
 * write. An error whose `stack` is not a string is left as it is by Kysely; a fault keeps its stack.
 */
function quietAnswers(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...a: unknown[]) => unknown;
  client.query = ((...args: unknown[]) => {
    const result = query(...args);
    if (!(result instanceof Promise)) return result;
    return result.catch((err: unknown) => {
      const code = (err as { code?: unknown } | null)?.code;
      // Assigned, not defined: V8 formats the stack to redefine the property, not to set it.
      if (typeof code === 'string' && ANSWER_CODES.has(code)) (err as { stack?: string }).stack = undefined;
      throw err;
    });
  }) as typeof client.query;
}

export function connectPostgres(url: string, max = 10): Database {
  // A request waits at most 15 s for a connection (a refused connection fails at once): a database
  // that does not answer gives a 503 ("please retry") instead of hanging the tablet.
  // The connections stay open once opened (no idle time-out): a backend's first plans of the sale's
  // and the booking's statements cost ~35 ms of the database's CPU (decision 374), and the pool
  // closing idle connections after 10 s made the first burst after every lull pay it again.
  let toWarm: CompiledQuery[] = [];
  // One after another: a client runs one query at a time (pg 9 refuses a second one queued).
  const plan = async (client: pg.ClientBase) => {
    for (const q of toWarm) await client.query(`EXPLAIN ${q.sql}`, [...q.parameters]).catch(() => undefined);
  };
  const pool = new pg.Pool({
    connectionString: url,
    max,
    connectionTimeoutMillis: 15_000,
    idleTimeoutMillis: 0,
    // A connection opened later (after a database restart) plans them before it is handed out.
    onConnect: (client) => plan(client),
  });
  const database: Database = {
    db: new Kysely<DB>({ dialect: new PostgresDialect({ pool }) }),
    dialect: 'postgres',
    url,
    onConnectionError: () => undefined,
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max }),
    close: () => database.db.destroy(),
    warmUp: async (statements) => {
      const clients = await Promise.all(Array.from({ length: max }, () => pool.connect()));
      try {
        toWarm = statements;
        await Promise.all(clients.map(plan));
      } finally {
        for (const c of clients) c.release();
      }
    },
  };
  // node-postgres emits 'error' on a client whose socket dies (restart, pg_terminate_backend).
  // The pool listens only while the client is idle; a checked-out client with no listener would
  // throw the error out of the process (issue 11, defect 1). Every client gets a listener for its
  // whole life: the query in flight fails on its own, and the pool drops the dead client on release.
  pool.on('error', (err) => database.onConnectionError(err));
  pool.on('connect', (client) => {
    client.on('error', (err) => database.onConnectionError(err));
    quietAnswers(client);
    prepareMarked(client);
  });
  return database;
}

const OPTIMIZE_EVERY_MS = 3 * 3_600_000;

/** Prepared statements (cached by their text) and a synchronous transaction on the SQLite connection. */
export interface SqliteHandle {
  prepare(sql: string): SQLite.Statement;
  /** Runs `fn` between BEGIN and COMMIT (ROLLBACK if it throws); nothing else can run in between. */
  transaction<T>(fn: () => T): T;
}

/**
 * A SQLite database. `backgroundCheckpoints` (the server's connection: see sqlite-checkpointer.ts)
 * moves WAL checkpoints off the event loop; scripts and tests do without.
 */
export function connectSqlite(file: string, opts: { backgroundCheckpoints?: boolean } = {}): Database {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  // WAL lets readers go on while a sale is being written; foreign keys guard the history.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  // The planner's statistics, kept current the way SQLite documents it (lang_analyze.html, "Periodic
  // ANALYZE"): at open, `optimize` with 0x10002 looks at every table and analyzes those never
  // analyzed or grown tenfold since; every few hours again. analysis_limit bounds each ANALYZE to
  // a sample of rows, so it takes milliseconds on a season. No query depends on them for its plan
  // (test/reports/report-plans.test.ts runs without, with stale and with a season's statistics), but
  // every other choice the planner makes is better with them.
  sqlite.pragma('analysis_limit = 400');
  sqlite.pragma('optimize = 0x10002');
  const optimizing = setInterval(() => sqlite.pragma('optimize'), OPTIMIZE_EVERY_MS);
  optimizing.unref();
  let checkpointer: Checkpointer | null = null;
  if (opts.backgroundCheckpoints && file !== ':memory:') {
    sqlite.pragma(`wal_autocheckpoint = ${BACKSTOP_PAGES}`);
    checkpointer = startCheckpointer(file);
  }
  // Kysely prepares every query anew; better-sqlite3 statements are reusable, and Kysely runs one
  // query at a time on this connection, so a small cache by SQL text saves the prepare (about 15%
  // of a sale's server time, measured with bench/sales.bench.ts).
  const statements = new Map<string, SQLite.Statement>();
  const database = {
    close: () => {
      clearInterval(optimizing);
      statements.clear();
      sqlite.close();
    },
    prepare: (sql: string) => {
      let stmt = statements.get(sql);
      if (!stmt) {
        stmt = sqlite.prepare(sql);
        if (statements.size >= 1000) statements.delete(statements.keys().next().value!);
        statements.set(sql, stmt);
      }
      return stmt;
    },
  };
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database }) });
  const handle: SqliteHandle = {
    prepare: database.prepare,
    transaction: <T>(fn: () => T): T => {
      // Kysely's own transactions span awaits: one open here means the caller did not hold the connection.
      if (sqlite.inTransaction) throw new Error('a transaction is already open on the SQLite connection');
      database.prepare('begin').run();
      try {
        const out = fn();
        database.prepare('commit').run();
        return out;
      } catch (err) {
        if (sqlite.inTransaction) database.prepare('rollback').run();
        throw err;
      }
    },
  };
  return {
    db,
    dialect: 'sqlite',
    file,
    sqlite: handle,
    onConnectionError: () => undefined,
    close: async () => {
      await checkpointer?.stop();
      await db.destroy();
    },
  };
}

export function connect(opts: {
  databaseUrl?: string;
  dataDir: string;
  poolSize?: number;
  /** SQLite: checkpoint on a thread of its own (the server; see connectSqlite). */
  backgroundCheckpoints?: boolean;
}): Database {
  if (opts.databaseUrl) return connectPostgres(opts.databaseUrl, opts.poolSize);
  return connectSqlite(path.resolve(opts.dataDir, 'sandbar.db'), { backgroundCheckpoints: opts.backgroundCheckpoints });
}
