import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

// End-to-end tests run the real server (built web app, SQLite on a throw-away data folder,
// demo venue) and drive Debian's Chromium: never a downloaded browser (DESIGN.md section 2).
const port = Number(process.env.E2E_PORT ?? 3100);
const dataDir = process.env.E2E_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'sandbar-e2e-'));
process.env.E2E_DATA_DIR = dataDir;
// The reports spec checks a whole day's totals, so it gets a server and a day of its own: other
// specs sell on the main server at the same time and would change those totals.
const reportsPort = port + 1;
const reportsDataDir =
  process.env.E2E_REPORTS_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'sandbar-e2e-reports-'));
process.env.E2E_REPORTS_DATA_DIR = reportsDataDir;

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
    { name: 'main', testIgnore: /reports\.spec\.ts/ },
    { name: 'reports', testMatch: /reports\.spec\.ts/, use: { baseURL: `http://127.0.0.1:${reportsPort}` } },
  ],
  webServer: [server(port, dataDir), server(reportsPort, reportsDataDir)],
});

function server(p: number, dir: string) {
  return {
    command: 'npx tsx ../server/src/main.ts',
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
      ...(webDist ? { SANDBAR_WEB_DIST: webDist } : {}),
    },
  };
}
