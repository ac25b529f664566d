// Runs the server test suite on SQLite, then on PostgreSQL (DESIGN.md section 1).
// On a developer machine without PostgreSQL the second run is skipped with a loud notice;
// in CI (CI=true) or with SANDBAR_REQUIRE_PG=1 a missing PostgreSQL fails the run.
import { spawnSync } from 'node:child_process';
import pg from 'pg';

const run = (script) => {
  const r = spawnSync('npm', ['run', script, '-w', '@sandbar/server'], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
};

run('test:sqlite');

const url = process.env.SANDBAR_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
try {
  await client.connect();
  await client.end();
} catch (err) {
  if (process.env.CI === 'true' || process.env.SANDBAR_REQUIRE_PG === '1') {
    console.error(`PostgreSQL is required for the server tests but ${url} does not answer: ${err.message}`);
    process.exit(1);
  }
  console.warn(`\n*** SKIPPED the PostgreSQL run: ${url} does not answer (${err.message}).`);
  console.warn('*** Start PostgreSQL or set SANDBAR_TEST_PG_URL; CI always runs it.\n');
  process.exit(0);
}
run('test:postgres');
