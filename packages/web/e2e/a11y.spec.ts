import fs from 'node:fs';
import { createRequire } from 'node:module';
import { type APIRequestContext, type Locator, type Page, expect, test } from '@playwright/test';
import { apiToken, outboxMessages, signIn } from './support';

// Issue 12, accessibility gate: axe-core (WCAG 2.1 A and AA rules) over every screen staff and
// guests see; a serious or critical violation fails the run. axe-core itself is evaluated in the
// page (@axe-core/playwright declares Node ≥ 22); page.evaluate is not bound by the app's CSP.

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const ALL_DAY = 'All Day Umbrella A11y';

interface AxeResult {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/** Runs axe on the page as it is now; fails with every serious or critical violation listed. */
async function expectAccessible(page: Page, screen: string): Promise<void> {
  // Let Mantine's transitions (modal, tabs, toasts) finish so axe sees final colours.
  await page.waitForTimeout(350);
  const injected = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe !== 'undefined');
  if (!injected) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<{ violations: AxeResult[] }> } }
    ).axe;
    const r = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      resultTypes: ['violations'],
    });
    return r.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 5).map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
    }));
  });
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = bad
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help}\n` +
        v.nodes.map((n) => `    ${n.target.join(' ')} — ${(n.failureSummary ?? '').replace(/\s+/g, ' ')}`).join('\n'),
    )
    .join('\n');
  expect.soft(report, `${screen}: serious or critical axe violations`).toBe('');
}

async function addAllDayPrice(request: APIRequestContext) {
  const token = await apiToken(request, 'admin');
  const list = await (await request.get('/api/getPriceList', { headers: { authorization: `Bearer ${token}` } })).json();
  if (list.prices.some((p: { name: string }) => p.name === ALL_DAY)) return;
  const res = await request.post('/api/savePrice', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      postData: {
        id: 0,
        name: ALL_DAY,
        price: '30.00',
        retailRate: '30.00',
        hotelRate: '0.00',
        addOn: '0',
        sort: '0',
        startTime: '0',
        endTime: '24',
        unitType: 'U',
        projectHotels: '',
        allHotels: '0',
      },
    },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
}

const tile = (page: Page, location: string, number: number) =>
  page.locator(`[data-location="${location}"] [data-number="${number}"]`);

const continueButton = (modal: Locator) => modal.getByRole('button', { name: 'CONTINUE' });

// Dozens of screens per test, each waited for and scanned: more than the default minute on a busy machine.
test.describe.configure({ timeout: 240_000 });

test.beforeAll(async ({ request }) => {
  await addAllDayPrice(request);
});

test('signed out: login, its errors, and the 404 page', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'LOG IN' })).toBeVisible();
  await expectAccessible(page, 'login');
  await page.getByRole('button', { name: 'LOG IN' }).click();
  await expectAccessible(page, 'login with errors');
  await signIn(page, 'admin');
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading')).toBeVisible();
  await expectAccessible(page, '404');
});

test('board, unit modal on each tab, every wizard step, public receipt', async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, 'admin');
  // A unit in the last row: the other specs sell and search in the first.
  const theTile = tile(page, 'MB', 77);
  const modal = page.getByRole('dialog');

  // The room-charge steps, on a unit of their own (a wizard keeps its draft per unit).
  await tile(page, 'MB', 78).click();
  await modal.getByRole('tab', { name: 'New Customer' }).click();
  await modal.getByRole('button', { name: 'Room Charge' }).click();
  await expectAccessible(page, 'wizard: hotel');
  await modal.getByRole('button', { name: 'Wyndham' }).click();
  await expect(modal.getByText('Enter Hotel Customer Name')).toBeVisible();
  await modal.getByLabel('Last Name').fill('Smith');
  await expect(modal.getByTestId('guest-results')).toBeVisible();
  await expectAccessible(page, 'wizard: hotel guest');
  await page.keyboard.press('Escape');
  await expect(modal.getByRole('button', { name: 'Discard sale' }).first()).toBeVisible();
  await expectAccessible(page, 'wizard: leave prompt');
  await modal.getByRole('button', { name: 'Discard sale' }).first().click();
  if (await modal.isVisible()) await page.keyboard.press('Escape');
  await expect(modal).toHaveCount(0);

  await expect(theTile).toHaveAttribute('data-status', '0');
  await expectAccessible(page, 'board');

  await theTile.click();
  await expect(modal).toBeVisible();
  for (const tab of ['Number', 'Customers', 'Log', 'Notes', 'New Customer']) {
    await modal.getByRole('tab', { name: tab }).click();
    await expectAccessible(page, `unit modal, ${tab} tab`);
  }
  await expect(modal.getByTestId('sale-wizard')).toBeVisible();
  await expectAccessible(page, 'wizard: payment method');
  await modal.getByRole('button', { name: 'Cash' }).click();
  await expectAccessible(page, 'wizard: items');
  await modal.getByRole('button', { name: `${ALL_DAY} — $30.00` }).click();
  await continueButton(modal).click();
  await expect(modal.getByText('Enter Customer Name')).toBeVisible();
  await expectAccessible(page, 'wizard: customer name');
  await modal.getByLabel('Customer Name').fill('Ally Access');
  await continueButton(modal).click();
  await expect(modal.getByText('Select Receipt Type')).toBeVisible();
  await expectAccessible(page, 'wizard: receipt');
  await modal.getByLabel('Mobile number for the receipt').fill('12');
  await continueButton(modal).click();
  await expect(modal.getByTestId('receipt-alert')).toBeVisible();
  await expectAccessible(page, 'wizard: receipt error');
  await modal.getByLabel('Mobile number for the receipt').fill('305 555 0199');
  await continueButton(modal).click();
  await expect(modal.getByText('Select Tip')).toBeVisible();
  await expectAccessible(page, 'wizard: tip');
  await continueButton(modal).click();
  await expect(page.getByTestId('signature-pad')).toBeVisible();
  await expectAccessible(page, 'wizard: signature');
  const pad = page.getByTestId('signature-pad');
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + 40, box.y + 100);
  await page.mouse.down();
  await page.mouse.move(box.x + 200, box.y + 60, { steps: 8 });
  await page.mouse.up();
  await continueButton(modal).click();
  await expect(modal.getByTestId('sale-total')).toBeVisible();
  await expectAccessible(page, 'wizard: complete');
  await modal.getByRole('button', { name: 'COMPLETE SALE' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(theTile).toHaveAttribute('data-status', '2');
  await expectAccessible(page, 'board with a sale');

  await theTile.click();
  await expect(modal.getByRole('tab', { name: 'Customers' })).toHaveAttribute('aria-selected', 'true');
  await expectAccessible(page, 'unit modal, Customers tab with a customer');
  await page.keyboard.press('Escape');

  const receipt = (await outboxMessages(request)).find((m) => m.purpose === 'receipt' && m.recipient === '3055550199');
  const url = /https?:\/\/\S+\/receipt\/[A-Za-z0-9_-]+/.exec(receipt!.body)![0];
  await page.goto(url);
  await expect(page.getByRole('heading', { name: 'Receipt' })).toBeVisible();
  await expectAccessible(page, 'public receipt');
});

test('search, notes/drops, config, outbox and every admin list and form', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/search?searchTerm=MB');
  await expect(page.getByRole('heading', { name: 'Search' })).toBeVisible();
  await expectAccessible(page, 'search');

  const screens: [string, string][] = [
    ['/notes', 'notes/drops'],
    ['/config', 'config'],
    ['/config/outbox', 'outbox'],
    ['/config/people', 'people'],
    ['/config/people/add', 'person form'],
    ['/config/locations', 'locations'],
    ['/config/location/add', 'location form'],
    ['/config/prices', 'prices'],
    ['/config/price/add', 'price form'],
    ['/config/hotels', 'hotels'],
    ['/config/hotel/add', 'hotel form'],
    ['/config/log-details', 'log details'],
    ['/config/log-details/add', 'log detail form'],
    ['/config/daily-log', 'daily log'],
  ];
  for (const [url, screen] of screens) {
    await page.goto(url);
    await expect(page.getByRole('main').or(page.locator('#root')).first()).toBeVisible();
    await page.waitForLoadState('networkidle', { timeout: 3000 }).catch(() => undefined);
    await expect(page.getByText('Loading…')).toHaveCount(0);
    await expectAccessible(page, screen);
  }
  // Edit forms: the first row of each list.
  for (const [url, screen] of [
    ['/config/people', 'person edit'],
    ['/config/locations', 'location edit'],
    ['/config/prices', 'price edit'],
    ['/config/hotels', 'hotel edit'],
    ['/config/log-details', 'log detail edit'],
  ] as const) {
    await page.goto(url);
    await page.locator('a[href*="/edit/"]').first().click();
    await expect(page).toHaveURL(/\/edit\//);
    await page.waitForLoadState('networkidle', { timeout: 3000 }).catch(() => undefined);
    await expectAccessible(page, screen);
  }
  // Form errors: an empty person form saved.
  await page.goto('/config/people/add');
  await page.getByRole('button', { name: /save/i }).first().click();
  await expectAccessible(page, 'person form with errors');
});

/** Two cash sales by the admin through the API (MB 24 and 25: this spec's own), so the reports have rows. */
async function sellForReports(request: APIRequestContext) {
  const admin = { authorization: `Bearer ${await apiToken(request, 'admin')}` };
  const prices = (await (await request.get('/api/getPriceList', { headers: admin })).json()).prices;
  const priceId = prices.find((p: { name: string }) => p.name === ALL_DAY).id;
  const board = await (await request.get('/api/getUnits', { headers: admin })).json();
  const mb = board.locations.find((l: { name: string }) => l.name === 'MB').units.flat() as {
    id: number;
    unitNumber: number;
    unitStatus: number;
  }[];
  for (const n of [24, 25]) {
    const unit = mb.find((u) => u.unitNumber === n)!;
    if (unit.unitStatus !== 0) continue;
    const r = await request.post('/api/saveCustomer', {
      headers: admin,
      data: {
        customerData: {
          ourTransactionId: crypto.randomUUID(),
          unitId: unit.id,
          selectedUnit: priceId,
          orderTotal: '30.00',
          customerName: `Report Guest ${n}`,
          receiptType: 'phone',
          customerPhone: '305 555 0124',
          paymentMethod: 'Cash',
          tipAmount: n === 25 ? '5' : '0',
        },
      },
    });
    expect(r.ok(), await r.text()).toBeTruthy();
  }
}

test('reports for admin and supervisor, every kind of renderer, and Reports Config', async ({ page, request }) => {
  await sellForReports(request);
  const open = async (button: string) => {
    await page.getByTestId('report-buttons').getByRole('button', { name: button, exact: true }).click();
    await expect(page.getByTestId('report-title')).toBeVisible();
  };

  await signIn(page, 'supervisor');
  await page.goto('/dailyreports');
  await expect(page.getByTestId('report-buttons')).toBeVisible();
  await expectAccessible(page, 'reports (supervisor)');
  await open('Location');
  await expect(page.getByTestId('report').locator('tbody tr').first()).toBeVisible();
  await expectAccessible(page, 'report: sales by location (simple table)');
  await open('Hourly');
  await expect(page.getByTestId('agent-table').first()).toBeVisible();
  await expectAccessible(page, 'report: hourly with chart');
  await open('User Log');
  await page.getByTestId('user-log').getByRole('button').first().click();
  await expectAccessible(page, 'report: user log, expanded');
  await page.getByTestId('report-buttons').getByRole('button', { name: 'Hotels', exact: true }).click();
  await expect(page.getByTestId('hotels-view')).toBeVisible();
  await expectAccessible(page, 'report: hotels');

  await page.getByRole('link', { name: 'Log out' }).click();
  await expect(page.getByLabel('Username', { exact: true })).toBeVisible();
  await signIn(page, 'admin');
  await page.goto('/dailyreports');
  await expect(page.getByTestId('report-buttons')).toBeVisible();
  await expectAccessible(page, 'reports (admin)');
  await open('All Transaction');
  await expect(page.getByRole('checkbox', { name: 'Select all' })).toBeVisible();
  await expect(page.getByTestId('report').locator('tbody tr').first()).toBeVisible();
  await expectAccessible(page, 'report: all transactions with checkboxes');
  await page.getByRole('checkbox', { name: 'Select all' }).check();
  await expectAccessible(page, 'report: all transactions, all selected');
  await page.getByTestId('report').locator('tbody tr').first().getByRole('button', { name: 'View' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectAccessible(page, 'report: transaction details');
  await page.keyboard.press('Escape');
  await open('By Agent');
  await expectAccessible(page, 'report: by agent');
  await page.getByTestId('report-buttons').getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByTestId('search-form')).toBeVisible();
  await expectAccessible(page, 'report: search form');
  await page.getByTestId('search-form').getByRole('combobox', { name: 'Report' }).click();
  await page.getByRole('option', { name: 'Daily Totals' }).click();
  await page.getByTestId('search-form').getByRole('button', { name: 'Search' }).click();
  await expect(page.getByTestId('report-title')).toContainText('Daily Totals');
  await expectAccessible(page, 'report: search results');

  await page.goto('/config/reports');
  await expect(page.getByTestId('report-config-table')).toBeVisible();
  await expectAccessible(page, 'reports config');
  await page.getByTestId('report-config-table').locator('tr[data-type="sales"]').getByRole('link').click();
  await expect(page).toHaveURL(/\/config\/reports\/edit\/\d+$/);
  await expect(page.getByLabel('Report Type')).toHaveValue('sales');
  await expectAccessible(page, 'reports config edit');
});
