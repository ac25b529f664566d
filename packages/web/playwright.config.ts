import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { defineConfig } from '@playwright/test';

// End-to-end tests run the real server (built web app, SQLite on a throw-away data folder,
// demo venue) and drive Debian's Chromium: never a downloaded browser (DESIGN.md section 2).
const port = Number(process.env.E2E_PORT ?? 3100);
const dataDir = process.env.E2E_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'sandbar-e2e-'));
process.env.E2E_DATA_DIR = dataDir;
// The reports specs check a whole day's totals, so they get a server and a day of their own: other
// specs sell on the main server at the same time and would change those totals (payments-report
// also turns on prepayment, which the guest specs of the main server do not expect).
const reportsPort = port + 1;
const reportsDataDir =
  process.env.E2E_REPORTS_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'sandbar-e2e-reports-'));
process.env.E2E_REPORTS_DATA_DIR = reportsDataDir;

// The specs of the booking and selling flows run a second time against a server on PostgreSQL
// (e2e/pg-server.mjs: the demo venue on a throw-away database), so the pages are proven on both
// databases. Without PostgreSQL on a developer machine that project is left out with a notice;
// in CI (CI=true) or with SANDBAR_REQUIRE_PG=1 it is required, like the server tests'.
const pgPort = port + 2;
const pgAdminUrl = process.env.SANDBAR_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const pgDataDir = process.env.E2E_PG_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'sandbar-e2e-pg-'));
process.env.E2E_PG_DATA_DIR = pgDataDir;
const pgUp =
  process.env.E2E_PG === '0'
    ? false
    : spawnSync(
        process.execPath,
        [
          '-e',
          `const c = new (require('pg').Client)({ connectionString: process.argv[1], connectionTimeoutMillis: 3000 });
           c.connect().then(() => c.end()).then(() => process.exit(0), () => process.exit(1));`,
          pgAdminUrl,
        ],
        { stdio: 'ignore' },
      ).status === 0;
if (!pgUp && process.env.E2E_PG !== '0') {
  if (process.env.CI === 'true' || process.env.SANDBAR_REQUIRE_PG === '1') {
    throw new Error(`PostgreSQL is required for the 'postgres' project but ${pgAdminUrl} does not answer.`);
  }
  console.warn(`*** The 'postgres' Playwright project is left out: ${pgAdminUrl} does not answer.`);
}
const onPostgres =
  /(bookings|guest-extras|sale|board|online-payments|pay-by-link|fnb|fnb-pay|fnb-admin|fnb-tabs)\.spec\.ts/;
// payments-report asserts a whole day's online money and turns prepayment on (see reportsPort):
// on PostgreSQL too it gets a server of its own.
const reportsPgPort = port + 3;
const reportsPgDataDir =
  process.env.E2E_REPORTS_PG_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'sandbar-e2e-reports-pg-'));
process.env.E2E_REPORTS_PG_DATA_DIR = reportsPgDataDir;

// Parallel sessions can each build into their own folder and use their own port:
// E2E_PORT, E2E_WEB_DIST (vite build --outDir) and E2E_OUTPUT_DIR keep them apart.
const webDist = process.env.E2E_WEB_DIST ? path.resolve(process.env.E2E_WEB_DIST) : undefined;

export default defineConfig({
  testDir: './e2e',
  outputDir: process.env.E2E_OUTPUT_DIR ?? 'test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'off',
    // Each test's fresh context would install the PWA's service worker and precache every asset
    // (CPU the browser needs for the page itself: 12–17 % of a run). The offline specs, which
    // reload the app without a network, allow it (test.use in offline.spec and offline-faults.spec).
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'main', testIgnore: /(reports|payments-report)\.spec\.ts/ },
    {
      name: 'reports',
      testMatch: /(reports|payments-report)\.spec\.ts/,
      use: { baseURL: `http://127.0.0.1:${reportsPort}` },
    },
    ...(pgUp
      ? [
          { name: 'postgres', testMatch: onPostgres, use: { baseURL: `http://127.0.0.1:${pgPort}` } },
          {
            name: 'reports-postgres',
            testMatch: /payments-report\.spec\.ts/,
            use: { baseURL: `http://127.0.0.1:${reportsPgPort}` },
          },
        ]
      : []),
  ],
  webServer: [
    server(port, dataDir),
    server(reportsPort, reportsDataDir),
    ...(pgUp
      ? [
          server(pgPort, pgDataDir, 'node e2e/pg-server.mjs'),
          server(reportsPgPort, reportsPgDataDir, 'node e2e/pg-server.mjs'),
        ]
      : []),
  ],
});

function server(p: number, dir: string, command = 'npx tsx ../server/src/main.ts') {
  return {
    command,
    // SIGTERM first, so the PostgreSQL launcher can drop its database.
    gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 5_000 },
    url: `http://127.0.0.1:${p}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: String(p),
      HOST: '127.0.0.1',
      SANDBAR_DATA_DIR: dir,
      SANDBAR_DEMO: '1',
      // The specs were written for the demo's New York day, whatever the machine's zone.
      SANDBAR_DEMO_TIME_ZONE: 'America/New_York',
      LOG_LEVEL: 'warn',
      OUTBOX_INTERVAL_MS: '500',
      // Issue 34: the PMS posting queue every half second, a retry after one second (pms-posting.spec
      // brings its Mews fake back from an outage), and a key for the hotels' PMS credentials.
      PMS_INTERVAL_MS: '500',
      PMS_RETRY_MS: '1000',
      SANDBAR_SECRET_KEY: 'e2e0'.repeat(16),
      // Issue 33: online-payments.spec makes the test provider refuse a refund, then accept it.
      SANDBAR_TEST_PAYMENT_SWITCHES: '1',
      // Every spec books from 127.0.0.1: the guest page's per-address limit (10 an hour) would
      // count the screen walks' bookings with the booking specs' (the limits have server tests).
      SANDBAR_PUBLIC_BOOKINGS_PER_IP: '100/1h',
      ...(webDist ? { SANDBAR_WEB_DIST: webDist } : {}),
    },
  };
}
