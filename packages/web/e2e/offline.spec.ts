import { type APIRequestContext, type BrowserContext, type Locator, type Page, expect, test } from '@playwright/test';
import { messages } from '@sandbar/contract/messages';
import { DEMO_PASSWORD, allDayPrice, apiToken, signIn } from './support';

// Keep selling through a Wi-Fi drop (issue 13): the installable app opens and reloads with no
// network, showing the last board with an "offline since" banner; the board refetches when the
// link returns. Cash sales (one a two-unit order) complete offline into a queue that survives a
// reload and reaches the server exactly once; a unit sold meanwhile on another tablet keeps both
// sales and puts the offline customer in "Needs attention" until seated on a free unit.

const ITEM = 'Offline All Day';

// Two agents of their own, so the other specs' drop-off totals of the demo users stay as they expect.
const A = 'offagent';
const B = 'offagent2';

async function addAgents(request: APIRequestContext) {
  const admin = { authorization: `Bearer ${await apiToken(request, 'admin')}` };
  const board = await (await request.get('/api/getUnits', { headers: admin })).json();
  const mb = board.locations.find((l: { name: string }) => l.name === 'MB');
  for (const [user, name, initials] of [
    [A, 'Olive Offline', 'OO'],
    [B, 'Otto Online', 'OT'],
  ]) {
    const res = await request.post('/api/savePeople', {
      headers: admin,
      data: {
        postData: {
          name,
          initials,
          user,
          pass: DEMO_PASSWORD,
          confirmPass: DEMO_PASSWORD,
          locations: String(mb.id),
          admin: '0',
          manager: '0',
          supervisor: '0',
        },
      },
    });
    expect(res.ok(), await res.text()).toBeTruthy();
  }
}

/** An all-day umbrella price (the demo's windows are 7–14 and 15–20; tests run at any hour). */
async function addAllDayPrice(request: APIRequestContext) {
  const token = await apiToken(request, 'admin');
  const res = await request.post('/api/savePrice', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      postData: allDayPrice(ITEM, '30.00'),
    },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
}

async function openNewCustomer(page: Page, number: number): Promise<Locator> {
  await tile(page, 'MB', number).click();
  const modal = page.getByRole('dialog');
  await expect(modal).toBeVisible();
  await modal.getByRole('tab', { name: 'New Customer' }).click();
  await expect(modal.getByTestId('sale-wizard')).toBeVisible();
  return modal;
}

async function sign(page: Page) {
  const pad = page.getByTestId('signature-pad');
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + 40, box.y + 120);
  await page.mouse.down();
  await page.mouse.move(box.x + 150, box.y + 60, { steps: 8 });
  await page.mouse.move(box.x + 260, box.y + 140, { steps: 8 });
  await page.mouse.up();
  await page.getByRole('button', { name: 'CONTINUE' }).click();
}

/** The item: a button in the wizard's state-machine version, a checkbox before it. */
const item = (modal: Locator) =>
  modal.getByRole('button', { name: `${ITEM} — $30.00` }).or(modal.getByLabel(`${ITEM} — $30.00`));

/** Text receipt (checked on the tablet while offline) → no tip → signature → COMPLETE SALE. */
async function finish(page: Page, modal: Locator) {
  await expect(modal.getByText('Select Receipt Type')).toBeVisible();
  await modal.getByLabel('Mobile number for the receipt').fill('305 555 0170');
  await modal.getByRole('button', { name: 'CONTINUE' }).click();
  await expect(modal.getByText('Select Tip')).toBeVisible();
  await modal.getByRole('button', { name: 'CONTINUE' }).click();
  await sign(page);
  await modal.getByRole('button', { name: 'COMPLETE SALE' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

async function sellCash(page: Page, number: number, name: string) {
  const modal = await openNewCustomer(page, number);
  await modal.getByRole('button', { name: 'Cash' }).click();
  await item(modal).click();
  await modal.getByRole('button', { name: 'CONTINUE' }).click();
  await modal.getByLabel('Customer Name').fill(name);
  await modal.getByRole('button', { name: 'CONTINUE' }).click();
  await finish(page, modal);
}

async function sellCashOrder(page: Page, numbers: [number, number], name: string) {
  let modal = await openNewCustomer(page, numbers[0]);
  await modal.getByRole('button', { name: 'Cash' }).click();
  await item(modal).click();
  await modal.getByRole('button', { name: 'CONTINUE' }).click();
  await modal.getByLabel('Customer Name').fill(name);
  await modal.getByRole('button', { name: messages.sale.addMoreUnits }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  modal = await openNewCustomer(page, numbers[1]);
  await item(modal).click();
  await modal.getByRole('button', { name: 'CONTINUE' }).click();
  await expect(modal.getByText('Review Order')).toBeVisible();
  await modal.getByRole('button', { name: 'CONTINUE' }).click();
  await finish(page, modal);
}

/** A signed-in tablet whose service worker controls the page and whose board is kept. */
async function tablet(context: BrowserContext, user: string): Promise<Page> {
  const page = await context.newPage();
  await signIn(page, user);
  await expect(tile(page, 'MB', 5)).toBeVisible();
  await waitForServiceWorker(page);
  return page;
}

/** Customers recorded at a unit today, read through the API. */
async function customersAt(request: APIRequestContext, page: Page, number: number) {
  const id = await tile(page, 'MB', number).getAttribute('data-unit');
  const token = await apiToken(request, 'admin');
  const res = await request.get(`/api/getUnit/${id}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.ok()).toBeTruthy();
  return (await res.json()).customers as { customerName: string; state: string }[];
}

test.describe.configure({ mode: 'serial' });
// The app reloads without a network here: its service worker serves it (blocked elsewhere, playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

test.beforeAll(async ({ request }) => {
  await addAllDayPrice(request);
  await addAgents(request);
});

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

test('three cash sales offline (one a two-unit order) survive a reload and reach the server once', async ({
  browser,
  request,
}) => {
  const contextA = await browser.newContext();
  const a = await tablet(contextA, A);
  const b = await tablet(await browser.newContext(), B);
  const counter = a.getByTestId('queue-counter');

  await contextA.setOffline(true);
  await a.reload();
  await expect(a.getByTestId('offline-banner')).toBeVisible();
  // Card and room charge are online-only, and say so.
  const wizard = await openNewCustomer(a, 51);
  await expect(wizard.getByTestId('online-only')).toHaveText(
    'Card and room charge need the server: they cannot be taken while offline.',
  );
  await expect(wizard.getByRole('button', { name: 'Credit Card' })).toBeDisabled();
  await expect(wizard.getByRole('button', { name: 'Room Charge' })).toBeDisabled();
  await a.keyboard.press('Escape');
  await expect(a.getByRole('dialog')).toHaveCount(0);
  await sellCash(a, 51, 'Off One');
  await expect(counter).toHaveAttribute('data-count', '1');
  await expect(tile(a, 'MB', 51)).toHaveAttribute('data-pending', 'true');
  await sellCashOrder(a, [52, 53], 'Off Order');
  await sellCash(a, 54, 'Off Three');
  await expect(counter).toHaveAttribute('data-count', '3');
  for (const n of [51, 52, 53, 54]) await expect(tile(a, 'MB', n)).toHaveAttribute('data-pending', 'true');

  // The queue is on the tablet: a reload (still offline) keeps it.
  await a.reload();
  await expect(counter).toHaveAttribute('data-count', '3');
  await expect(tile(a, 'MB', 53)).toHaveAttribute('data-pending', 'true');
  // Nothing reached the server yet.
  expect(await customersAt(request, b, 51)).toHaveLength(0);

  await contextA.setOffline(false);
  await expect(counter).toHaveAttribute('data-count', '0', { timeout: 20_000 });
  for (const n of [51, 52, 53, 54]) {
    await expect(tile(a, 'MB', n)).toHaveAttribute('data-status', '2', { timeout: 10_000 });
    await expect(tile(b, 'MB', n)).toHaveAttribute('data-status', '2', { timeout: 5_000 });
    await expect(tile(a, 'MB', n)).not.toHaveAttribute('data-pending', 'true');
    expect(await customersAt(request, b, n)).toHaveLength(1);
  }
  expect((await customersAt(request, b, 52))[0]!.customerName).toBe('Off Order');
});

test('conflict: a unit sold meanwhile keeps both sales; the offline customer is seated from Needs attention', async ({
  browser,
  request,
}) => {
  const contextA = await browser.newContext();
  const a = await tablet(contextA, A);
  const b = await tablet(await browser.newContext(), B);

  await contextA.setOffline(true);
  await a.reload();
  await sellCash(a, 56, 'Ann Offline');
  await expect(a.getByTestId('queue-counter')).toHaveAttribute('data-count', '1');
  await sellCash(b, 56, 'Bea Online');
  await expect(tile(b, 'MB', 56)).toHaveAttribute('data-status', '2');

  await contextA.setOffline(false);
  await expect(a.getByTestId('queue-counter')).toHaveAttribute('data-count', '0', { timeout: 20_000 });
  // The unit shows B's customer; A's waits unseated (listed nowhere on the board).
  expect((await customersAt(request, b, 56)).map((c) => c.customerName)).toEqual(['Bea Online']);
  // Both tablets of the location see who paid, how much, when, and the unit promised.
  for (const page of [a, b]) {
    const item = page.getByTestId('attention-item').filter({ hasText: 'Ann Offline' });
    await expect(item).toBeVisible({ timeout: 15_000 });
    await expect(item).toContainText('paid $30.00 Cash');
    await expect(item).toContainText('promised MB 56');
  }
  const item = b.getByTestId('attention-item').filter({ hasText: 'Ann Offline' });
  await item.getByRole('combobox', { name: 'Seat on unit' }).fill('MB 57');
  await b.getByRole('option', { name: 'MB 57', exact: true }).click();
  await item.getByRole('button', { name: 'Seat' }).click();
  await expect(tile(b, 'MB', 57)).toHaveAttribute('data-status', '2');
  await expect(b.getByTestId('attention-item')).toHaveCount(0);
  await expect(a.getByTestId('attention-item')).toHaveCount(0, { timeout: 15_000 });
  expect((await customersAt(request, b, 57)).map((c) => c.customerName)).toEqual(['Ann Offline']);

  // The drop-off totals count both sales: A's cash under staff, B's under admin.
  const dropoff = async (user: string) => {
    const token = await apiToken(request, user);
    const res = await request.get('/api/getDropoffReport', { headers: { authorization: `Bearer ${token}` } });
    return (await res.json()) as { overview: { cashTotal: string }; customers: { customerName: string }[] };
  };
  const mine = await dropoff(A);
  expect(mine.customers.map((c) => c.customerName)).toContain('Ann Offline');
  // A's cash: the three offline sales of the first test ($30 + $60 + $30) and Ann's $30.
  expect(mine.overview.cashTotal).toBe('150.00');
  const theirs = await dropoff(B);
  expect(theirs.customers.map((c) => c.customerName)).toEqual(['Bea Online']);
  expect(theirs.overview.cashTotal).toBe('30.00');
});
