import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type Database, connectPostgres, connectSqlite } from '../packages/server/src/db/connect';

/** The PostgreSQL server the benches create their databases on (the tests' default). */
export const PG_ADMIN = process.env.SANDBAR_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface ThrowAwayDatabase {
  database: Database;
  /** What a server started on it needs: its data folder, or its DATABASE_URL. */
  env: Record<string, string>;
  /** PostgreSQL: the database's name (for per-backend CPU). */
  pgName?: string;
  /** Removes the folder or the database; close `database` first when it is still open. */
  drop(): Promise<void>;
}

/**
 * An empty database a bench seeds and then serves from: a SQLite file in a temporary folder (under
 * `parentDir` when given), or a PostgreSQL database named `<pgPrefix>_<pid>_<random>` (default
 * prefix `sandbar_<label>`).
 */
export async function throwAwayDatabase(
  dialect: 'sqlite' | 'postgres',
  opts: { label: string; poolSize?: number; parentDir?: string; pgPrefix?: string },
): Promise<ThrowAwayDatabase> {
  if (dialect === 'sqlite') {
    const parent = opts.parentDir ?? os.tmpdir();
    fs.mkdirSync(parent, { recursive: true });
    const dir = fs.mkdtempSync(path.join(parent, `sandbar-${opts.label}-`));
    return {
      database: connectSqlite(path.join(dir, 'sandbar.db')),
      env: { SANDBAR_DATA_DIR: dir },
      drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
    };
  }
  const prefix = opts.pgPrefix ?? `sandbar_${opts.label.replace(/\W/g, '_')}`;
  const name = `${prefix}_${process.pid}_${crypto.randomBytes(3).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const u = new URL(PG_ADMIN);
  u.pathname = `/${name}`;
  return {
    database: connectPostgres(u.toString(), opts.poolSize ?? 4),
    env: { DATABASE_URL: u.toString() },
    pgName: name,
    drop: () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

async function adminQuery(text: string): Promise<void> {
  const c = new pg.Client({ connectionString: PG_ADMIN });
  await c.connect();
  try {
    await c.query(text);
  } finally {
    await c.end();
  }
}
