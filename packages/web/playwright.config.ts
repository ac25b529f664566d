import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

// End-to-end tests run the real server (built web app, SQLite on a throw-away data folder,
// demo venue) and drive Debian's Chromium: never a downloaded browser (DESIGN.md section 2).
const port = Number(process.env.E2E_PORT ?? 3100);
const dataDir = process.env.E2E_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'sandbar-e2e-'));
process.env.E2E_DATA_DIR = dataDir;

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
  webServer: {
    command: 'npx tsx ../server/src/main.ts',
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      SANDBAR_DATA_DIR: dataDir,
      SANDBAR_DEMO: '1',
      LOG_LEVEL: 'warn',
      OUTBOX_INTERVAL_MS: '500',
      ...(webDist ? { SANDBAR_WEB_DIST: webDist } : {}),
    },
  },
});
