import { type Page, expect, test } from '@playwright/test';
import { signIn } from './support';

// Keep selling through a Wi-Fi drop (issue 13): the installable app opens and reloads with no
// network, showing the last board with an "offline since" banner; the board refetches when the
// link returns.

const tile = (page: Page, location: string, number: number) =>
  page.locator(`[data-location="${location}"] [data-number="${number}"]`);

/** Waits until the service worker controls the page (it caches the app shell on install). */
async function waitForServiceWorker(page: Page): Promise<void> {
  await page.waitForFunction(() => !!navigator.serviceWorker.controller);
}

test('installable: manifest with icons, standalone, theme colour', async ({ page, request }) => {
  await page.goto('/login');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBeTruthy();
  const manifest = await (await request.get(href!)).json();
  expect(manifest).toMatchObject({ name: 'Sandbar', display: 'standalone', theme_color: '#0b7285' });
  expect(manifest.icons.map((i: { sizes: string }) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
  for (const icon of manifest.icons) {
    const res = await request.get(icon.src);
    expect(res.headers()['content-type']).toContain('image/png');
  }
  // API calls are never answered by the worker's cache.
  expect((await request.get('/api/health')).headers()['content-type']).toContain('application/json');
});

test('reload offline: the board from the tablet with the banner; back online it refetches', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, 'staff');
  await expect(tile(page, 'MB', 5)).toBeVisible();
  await waitForServiceWorker(page);
  await expect(tile(page, 'MB', 5)).toBeVisible();
  await expect(page.getByTestId('live-dot')).toHaveAttribute('data-state', 'open');

  await context.setOffline(true);
  await page.reload();
  await expect(tile(page, 'MB', 5)).toBeVisible();
  const banner = page.getByTestId('offline-banner');
  await expect(banner).toHaveText(/^Offline since \d\d:\d\d, the board as of \d\d:\d\d\.$/);
  await expect(page.getByTestId('live-dot')).toHaveAttribute('data-state', 'closed');

  await context.setOffline(false);
  await expect(banner).toBeHidden({ timeout: 15_000 });
  await expect(page.getByTestId('live-dot')).toHaveAttribute('data-state', 'open', { timeout: 15_000 });
  await context.close();
});
