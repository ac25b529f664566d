import crypto from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { connectPostgres } from '../src/db/connect';
import { migrateToLatest } from '../src/db/migrate';

// On PostgreSQL every test file builds its app on a throw-away database. Migrating each one from
// nothing cost 1.1–1.6 s (39 migrations, a commit each); a copy of one database migrated here
// costs 0.1–0.3 s (CREATE DATABASE … TEMPLATE). The copies are exactly what migrateToLatest leaves.
const pgAdminUrl = process.env.SANDBAR_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    pgTemplate: string | null;
  }
}

export default async function setup(project: TestProject) {
  if ((process.env.SANDBAR_TEST_DB ?? 'sqlite') !== 'postgres') {
    project.provide('pgTemplate', null);
    return;
  }
  const name = `sandbar_template_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(pgAdminUrl);
  url.pathname = `/${name}`;
  const database = connectPostgres(url.toString(), 1);
  try {
    await migrateToLatest(database.db);
  } finally {
    // A template copies only while nobody is connected to it.
    await database.close();
  }
  project.provide('pgTemplate', name);
  return async () => {
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  };
}

async function admin(sql: string) {
  const c = new pg.Client({ connectionString: pgAdminUrl });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}
