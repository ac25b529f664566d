import { type APIRequestContext, type Page, expect, test } from '@playwright/test';
import { adminCall, signIn, venueDay } from './support';

// Issue 33 points 9 and 10 in Chromium: a guest pays a booking online through the built-in test
// provider (made through the API here; the guest's own flow has its spec), then an admin opens
// Reports → Payments (the day's online money, the provider's fee, net) and Reports →
// Reconciliation (Sandbar's ledger beside the provider's balance: matched to the cent), and finds
// the webhook's delivery on Config → Payment deliveries. It asserts the whole day's online money
// and turns on prepayment, so it runs on the `reports` project's own server (playwright.config.ts),
// never beside the guest specs of the shared server — on SQLite, and on PostgreSQL on the
// `reports-postgres` project's own server.

const PHONE = { width: 390, height: 844 };
let amount = '';

async function payOnline(request: APIRequestContext) {
  const day = venueDay(6);
  await adminCall(request, '/saveConfigSettings', {
    bookingOnlineLocations: 'MB',
    bookingPayment: 'full',
    bookingPaymentMinutes: '15',
  });
  const board = await adminCall(request, `/getBookingBoard?day=${day}`);
  const mb = board.locations.find((l: { name: string }) => l.name === 'MB');
  // A free spot of the day (this server's only booking is this spec's).
  const unit = mb.rows.flat().find((u: { state: string; walkIn?: boolean }) => u.state === 'free' && !u.walkIn);
  expect(unit, JSON.stringify(mb).slice(0, 400)).toBeTruthy();
  const booked = await request.post('/api/public/booking', {
    data: {
      day,
      unitIds: [unit.unitId],
      guestName: 'Olga Online',
      email: 'olga.online@example.com',
      partySize: 2,
      acceptPolicy: true,
    },
  });
  expect(booked.ok(), await booked.text()).toBeTruthy();
  const out = await booked.json();
  expect(out.payUrl).toMatch(/\/api\/public\/payments\/test\/checkout\/tcs_/);
  amount = out.booking.payment.amount;
  // The guest taps Pay on the test provider's page; its signed webhook confirms the booking.
  const paid = await request.post(`${out.payUrl}/pay`, { maxRedirects: 0 });
  expect(paid.status()).toBe(303);
}

async function openReport(page: Page, button: string) {
  await page.getByTestId('report-buttons').getByRole('button', { name: button, exact: true }).click();
  await expect(page.getByTestId('report-title')).toBeVisible();
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  await payOnline(request);
});

test.afterAll(async ({ request }) => {
  await adminCall(request, '/saveConfigSettings', { bookingPayment: 'none' });
});

test('an admin reads the day on Payments and reconciles it with the provider', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/dailyreports');
  await openReport(page, 'Payments');
  await expect(page.getByTestId('report-title')).toContainText(`Online Payments ${venueDay()}`);
  const report = page.getByTestId('report');
  // One payment today on this server; the test provider's fee (2.9 % + 0.30) is read from its balance.
  const cents = Math.round(Number(amount) * 100);
  const fee = Math.min(cents, Math.round(cents * 0.029) + 30);
  const money = (c: number) => `$${(c / 100).toFixed(2)}`;
  await expect(report.getByRole('row', { name: new RegExp(`^${venueDay()} 1 `) })).toContainText(`${money(cents)}`);
  const total = report.getByRole('row', { name: /^Total 1 / });
  await expect(total).toContainText(money(fee));
  await expect(total).toContainText(money(cents - fee));
  await expect(page.getByRole('button', { name: 'Download CSV' })).toBeVisible();

  await openReport(page, 'Reconciliation');
  const summary = page.getByTestId('reconciliation-summary');
  await expect(summary).toContainText('Everything matches to the cent');
  const rows = page.getByTestId('reconciliation-table').locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toHaveAttribute('data-status', 'matched');
  await expect(rows.first()).toContainText(/tpay_[0-9a-f]+/);
  await expect(rows.first()).toContainText(amount);
  // The day before has no online money: said so, not an error.
  await page.getByRole('button', { name: 'Previous Day' }).click();
  await expect(page.getByText('No online money this day, on either side.')).toBeVisible();
});

test('an admin sees the webhook deliveries on Config → Payment deliveries', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/config');
  await page.getByRole('link', { name: 'Payment deliveries' }).click();
  await expect(page).toHaveURL(/\/config\/payments/);
  const table = page.getByTestId('deliveries-table');
  const processed = table.locator('tbody tr[data-status="processed"]');
  await expect(processed.first()).toContainText('payment.succeeded');
  await expect(processed.first()).toContainText('Processed');
});

test('the reconciliation and the deliveries fit a phone (390×844)', async ({ browser }) => {
  const ctx = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true, locale: 'en-US' });
  const page = await ctx.newPage();
  await signIn(page, 'admin');
  await page.goto('/dailyreports?type=reconciliation');
  await expect(page.getByTestId('reconciliation-summary')).toContainText('Everything matches to the cent');
  // The page itself never scrolls sideways: the table scrolls in its own frame.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.goto('/config/payments');
  await expect(page.getByTestId('deliveries-table')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await ctx.close();
});
