// Takes the README's screenshots (docs/images/*.png) from a running demo server:
//   SANDBAR_WEB_DIST=… npm run serve   (an empty SANDBAR_DATA_DIR, so the demo venue loads)
//   node scripts/readme-screenshots.mjs http://127.0.0.1:3000
// Uses playwright-core with Debian's Chromium (CHROMIUM_PATH to choose another); never downloads one.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const base = process.argv[2] ?? 'http://127.0.0.1:3000';
const out = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'docs', 'images');
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  // A few guests already seated, so the board shows its colours (a fresh demo venue is empty).
  const api = await browser.newContext({ baseURL: base });
  const login = await api.request.post('/api/auth/login', { data: { username: 'admin', password: 'sandbar-demo' } });
  const headers = { authorization: `Bearer ${(await login.json()).token}` };
  for (const unitId of [2, 3, 7, 8, 9, 15, 23, 24, 30, 44, 47, 52, 66, 71]) {
    await api.request.post('/api/markOccupied', { headers, data: { unitData: { unitId } } });
  }

  // The board, as a tablet in landscape sees it after signing in.
  const tablet = await browser.newPage({ viewport: { width: 1180, height: 760 } });
  await tablet.goto(`${base}/login`);
  await tablet.getByLabel('Username', { exact: true }).fill('admin');
  await tablet.getByLabel('Password', { exact: true }).fill('sandbar-demo');
  await tablet.getByRole('button', { name: 'LOG IN' }).click();
  await tablet.getByRole('link', { name: 'Log out' }).waitFor();
  await tablet.waitForTimeout(1500); // the live stream keeps the network busy: no 'networkidle'
  await tablet.screenshot({ path: path.join(out, 'board.png') });

  // The guest page on a phone.
  const phone = await browser.newPage({ viewport: { width: 390, height: 844 }, locale: 'en-US' });
  await phone.goto(`${base}/book`);
  await phone.waitForTimeout(1500);
  await phone.screenshot({ path: path.join(out, 'guest-page.png') });
} finally {
  await browser.close();
}
