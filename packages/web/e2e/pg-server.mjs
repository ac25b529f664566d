// The 'postgres' Playwright project's server: the same built server and demo venue as the
// SQLite one, on a throw-away PostgreSQL database (issue 24: every point works in Chromium on
// SQLite and PostgreSQL). Databases are named sandbar_e2e_<pid>; Playwright may end this
// process with SIGKILL, so each start first drops the ones whose process is gone.
import { spawn } from 'node:child_process';
import pg from 'pg';

const adminUrl = process.env.SANDBAR_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `sandbar_e2e_${process.pid}`;

async function admin(sql) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const stale = await admin("select datname from pg_database where datname like 'sandbar\\_e2e\\_%'");
for (const { datname } of stale.rows) {
  if (!alive(Number(datname.slice('sandbar_e2e_'.length))))
    await admin(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
}
await admin(`CREATE DATABASE ${name}`);

const url = new URL(adminUrl);
url.pathname = `/${name}`;
const server = spawn('npx', ['tsx', '../server/src/main.ts'], {
  stdio: 'inherit',
  env: { ...process.env, DATABASE_URL: url.toString() },
});

let stopping = false;
async function stop(signal) {
  if (stopping) return;
  stopping = true;
  server.kill(signal);
}
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
server.on('exit', async (code) => {
  await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
  process.exit(code ?? 0);
});
