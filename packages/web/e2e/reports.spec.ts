import fs from 'node:fs';
import { type APIRequestContext, type Page, expect, test } from '@playwright/test';
import { messages } from '@sandbar/contract/messages';
import { allDayPrice, apiToken, signIn } from './support';

// The reports screen in Chromium: a supervisor walks their buttons; an admin walks theirs,
// deletes and restores a sale, edits a price, e-mails a report and finds it on Config → Outbox.
// Sales are made through the API (the wizard has its own spec) with an all-day price, so the
// test runs at any hour.

const ALL_DAY = 'Reports Umbrella Day';

async function sellDay(request: APIRequestContext) {
  const admin = { authorization: `Bearer ${await apiToken(request, 'admin')}` };
  const res = await request.post('/api/savePrice', {
    headers: admin,
    data: {
      postData: allDayPrice(ALL_DAY, '30.00'),
    },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  const prices = (await (await request.get('/api/getPriceList', { headers: admin })).json()).prices;
  const priceId = prices.find((p: { name: string }) => p.name === ALL_DAY).id;
  const staff = { authorization: `Bearer ${await apiToken(request, 'staff')}` };
  const board = await (await request.get('/api/getUnits', { headers: staff })).json();
  const mb = board.locations[0].units.flat() as { id: number; unitNumber: number }[];
  const unit = (n: number) => mb.find((u) => u.unitNumber === n)!.id;
  const sell = async (n: number, extra: object) => {
    const r = await request.post('/api/saveCustomer', {
      headers: staff,
      data: {
        customerData: {
          ourTransactionId: crypto.randomUUID(),
          unitId: unit(n),
          selectedUnit: priceId,
          orderTotal: '30.00',
          customerName: `Guest ${n}`,
          receiptType: 'phone',
          customerPhone: '305 555 0100',
          paymentMethod: 'Cash',
          tipAmount: '0',
          ...extra,
        },
      },
    });
    expect(r.ok(), await r.text()).toBeTruthy();
  };
  await sell(60, {});
  await sell(61, { paymentMethod: 'Credit Card', transactionID: 'sq_e2e_71', tipAmount: '5' });
  await sell(62, {});
}

const report = (page: Page) => page.getByTestId('report');

async function openReport(page: Page, button: string) {
  await page.getByTestId('report-buttons').getByRole('button', { name: button, exact: true }).click();
  await expect(page.getByTestId('report-title')).toBeVisible();
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  await sellDay(request);
});

test('a supervisor walks their report buttons', async ({ page }) => {
  await signIn(page, 'supervisor');
  await page.getByRole('link', { name: 'Daily Reports' }).click();
  await expect(page).toHaveURL(/\/dailyreports/);
  await expect(page.getByRole('heading', { name: messages.report.heading })).toBeVisible();
  await expect(page.getByText(messages.report.selectReport)).toBeVisible();
  const buttons = page.getByTestId('report-buttons').getByRole('button');
  // The spec's six in its order, then the bookings report issue 24 adds and issue 33's two.
  await expect(buttons).toHaveText([
    'Hotels',
    'Location',
    'Agent',
    'Hourly',
    'Transactions',
    'User Log',
    'Bookings',
    'Payments',
    'Reconciliation',
  ]);

  await page.getByRole('button', { name: 'Hotels', exact: true }).click();
  const hotels = page.getByTestId('hotels-view');
  await expect(hotels.getByRole('button', { name: 'Hyatt' })).toBeVisible();
  await hotels.getByRole('button', { name: 'Hyatt' }).click();
  await expect(page.getByTestId('report-title')).toContainText('Hyatt Room Charges');

  await openReport(page, 'Location');
  await expect(page.getByTestId('report-title')).toContainText('Sales by Location');
  await expect(report(page).getByRole('row', { name: /^MB 3 3/ })).toBeVisible();

  await openReport(page, 'Agent');
  await expect(
    report(page).getByRole('row', { name: /Casey Staff 3 \$35\.00 \$0\.00 \$0\.00 \$60\.00 \$5\.00 \$95\.00/ }),
  ).toBeVisible();

  await openReport(page, 'Hourly');
  await expect(page.getByTestId('agent-table').getByRole('heading', { name: 'Casey Staff' })).toBeVisible();

  await openReport(page, 'Transactions');
  await expect(report(page).getByText('sq_e2e_71')).toHaveCount(0);
  await expect(report(page).getByRole('row')).toHaveCount(1 + 3 + 3); // header, 3 sales, Cash/Card/Total
  await expect(page.getByRole('button', { name: messages.report.deleteAllSelected })).toHaveCount(0);

  await openReport(page, 'User Log');
  await page.getByTestId('user-log').getByRole('button', { name: 'Sam Supervisor' }).click();
  await expect(page.getByText(/Signed in \(web\)/).first()).toBeVisible();

  // Decision 050: Previous Day, then Today.
  await page.getByRole('button', { name: 'Previous Day' }).click();
  await expect(page.getByRole('button', { name: 'Today' })).toBeVisible();
  await page.getByRole('button', { name: 'Today' }).click();
  await expect(page.getByRole('button', { name: 'Previous Day' })).toBeVisible();
});

test('an admin walks their buttons, deletes and restores a sale, edits a price, e-mails a report', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/dailyreports');
  const buttons = page.getByTestId('report-buttons').getByRole('button');
  await expect(buttons).toHaveText([
    'Hotels',
    'User Log',
    'All Transaction',
    'By Agent',
    'Credit Card',
    'Move',
    'Search',
    'Bookings', // issue 24's report, after the spec's seven
    'Payments', // issue 33's online money and its reconciliation
    'Reconciliation',
  ]);

  await openReport(page, 'Credit Card');
  await expect(report(page).getByRole('row', { name: /Casey Staff MB 1 \$30\.00 \$5\.00 \$35\.00/ })).toBeVisible();
  await openReport(page, 'Move');
  await expect(page.getByTestId('report-title')).toContainText('Moves');
  await openReport(page, 'By Agent');
  // The report's own footer, not the Rentals / F&B / Total table under it (issue 35 point 8).
  await expect(
    report(page)
      .getByRole('row', { name: /^Total 3/ })
      .first(),
  ).toContainText('$95.00');
  await openReport(page, 'User Log');
  await expect(page.getByTestId('user-log')).toContainText('Alex Admin');

  // All Transaction: delete one sale (with a reason: issue 26), restore it from its row.
  await openReport(page, 'All Transaction');
  const totalRow = report(page).getByRole('row', { name: /^Total \(3\)/ });
  await expect(totalRow).toContainText('$95.00');
  const first = report(page).locator('tbody tr').first();
  await first.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(messages.report.deleteTransactionConfirm)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Yes' })).toBeDisabled();
  await page.getByRole('textbox', { name: 'Reason' }).fill('Rang up twice');
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(report(page).getByRole('row', { name: /^Total \(2\)/ })).toContainText('$65.00');
  await expect(first).toContainText('Deleted');
  await first.getByRole('button', { name: 'Restore' }).click();
  const restore = page.getByRole('dialog', { name: 'Restore this transaction' });
  await restore.getByRole('textbox', { name: 'Reason' }).fill('It was a real sale');
  await restore.getByRole('button', { name: 'Restore' }).click();
  await expect(report(page).getByRole('row', { name: /^Total \(3\)/ })).toContainText('$95.00');
  await first.getByRole('button', { name: 'View' }).click();
  const details = page.getByRole('dialog', { name: messages.report.viewTransaction });
  await expect(details.getByTestId('transaction-history')).toContainText('Rang up twice');
  await expect(details.getByTestId('transaction-history')).toContainText('It was a real sale');
  await page.keyboard.press('Escape');

  // Edit the price of the first sale, a cash sale: $30 → $25, with a reason.
  await first.getByRole('button', { name: 'Edit Price' }).click();
  const edit = page.getByRole('dialog', { name: messages.report.editTransactionPrice });
  await edit.getByLabel('Price').fill('25');
  await expect(edit.getByRole('button', { name: 'Save' })).toBeDisabled();
  await edit.getByRole('textbox', { name: 'Reason' }).fill('Loyal guest discount');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(report(page).getByRole('row', { name: /^Total \(3\)/ })).toContainText('$90.00');

  // The CSV holds the report as shown: title, visible columns, rows and footer.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^allTransactions-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = fs.readFileSync((await download.path())!, 'utf8');
  expect(csv.split('\n')[1]).toBe('Time,Invoice,Unit(s),Location,Agent,Method,Hotel,Room,Price,Tip,Total,Status');
  expect(csv).toMatch(/\nTotal \(3\),+85\.00,5\.00,90\.00,\n/);

  // Select all, then nothing: Delete All Selected follows the selection.
  await page.getByRole('checkbox', { name: 'Select all' }).check();
  await expect(page.getByRole('button', { name: messages.report.deleteAllSelected })).toBeEnabled();
  await page.getByRole('checkbox', { name: 'Select all' }).uncheck();
  await expect(page.getByRole('button', { name: messages.report.deleteAllSelected })).toBeDisabled();

  // Subscribers, then e-mail the report; it waits on Config → Outbox.
  await page.getByRole('button', { name: messages.report.addSubscribers }).click();
  const subs = page.getByRole('dialog', { name: messages.report.addSubscriber });
  await subs.getByRole('textbox').fill('books@beach.test, not-an-address');
  await subs.getByRole('button', { name: messages.report.saveEmailAddresses }).click();
  await expect(subs.getByText('These are not e-mail addresses: not-an-address')).toBeVisible();
  await subs.getByRole('textbox').fill('books@beach.test');
  await subs.getByRole('button', { name: messages.report.saveEmailAddresses }).click();
  await expect(subs).toBeHidden();
  await page.getByRole('button', { name: 'E-mail Report' }).click();
  await expect(page.getByText(messages.report.emailed)).toBeVisible();
  await page.goto('/config/outbox');
  await expect(page.getByRole('row', { name: /books@beach\.test/ }).first()).toContainText('All Transactions');

  // Search: the Daily Totals of today.
  await page.goto('/dailyreports?type=searchSales');
  const form = page.getByTestId('search-form');
  await form.getByRole('combobox', { name: 'Report' }).selectOption({ label: 'Daily Totals' });
  await form.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByTestId('report-title')).toContainText('Daily Totals');
  await expect(page.getByTestId('search-paging')).toHaveCount(0);

  // Transactions (every tipped sale of the range) is a list: it says how many of how many it shows
  // (decision 102), and its footer counts the whole range.
  await form.getByRole('combobox', { name: 'Report' }).selectOption({ label: 'Transactions' });
  await form.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByTestId('report-title')).toContainText('Transactions');
  await expect(page.getByTestId('search-paging')).toHaveText(/^Showing 1 of 1 transactions, oldest first\./);
  await expect(report(page).getByRole('row', { name: /^Total \(1\)/ })).toContainText('$5.00');
});

// Issue 26: the attendant sees the admin's correction where the money is, and the drawer's cash
// is not changed behind their back.
test("the attendant's Notes/Drops shows the admin's corrections and keeps the cash taken", async ({ page }) => {
  await signIn(page, 'staff');
  await page.goto('/notes');
  const lines = page.getByTestId('correction-line');
  await expect(lines.filter({ hasText: 'Price corrected' })).toContainText('$30.00 → $25.00');
  await expect(lines.filter({ hasText: 'Price corrected' })).toContainText('Alex Admin');
  await expect(lines.filter({ hasText: 'Price corrected' })).toContainText('Loyal guest discount');
  await expect(lines.filter({ hasText: 'Rang up twice' })).toContainText('Deleted');
  // Two cash sales of $30 were taken: the drawer holds $60, the $5 is a difference to settle.
  await expect(page.getByTestId('cash-on-hand')).toHaveText('$60.00');
  await expect(page.getByTestId('cash-corrections')).toHaveText('-$5.00');
});

test('Reports Config: the link on Config, the list, edit with the blank-name message, back to the list', async ({
  page,
}) => {
  await signIn(page, 'admin');
  await page.goto('/config');
  await page.getByRole('link', { name: 'Reports Config' }).click();
  await expect(page).toHaveURL(/\/config\/reports$/);
  const table = page.getByTestId('report-config-table');
  await expect(table.locator('thead th')).toHaveText(['Name', 'Emails', 'Report Type', '']);
  await expect(table.locator('tr[data-type="hyattRoomCharge"]')).toContainText('Hyatt Room Charges');
  await table.locator('tr[data-type="sales"]').getByRole('link', { name: /Edit/ }).click();
  await expect(page).toHaveURL(/\/config\/reports\/edit\/\d+$/);
  await expect(page.getByLabel('Report Type')).toHaveValue('sales');
  await expect(page.getByLabel('Report Type')).toHaveAttribute('readonly', '');
  await page.getByLabel('Name').fill('');
  await page.getByRole('button', { name: 'SAVE REPORT' }).click();
  await expect(page.getByText(messages.report.nameBlank)).toBeVisible();
  await page.getByLabel('Name').fill('Daily Sales');
  await page.getByLabel(/E-mail addresses/).fill('gm@beach.test, books@beach.test');
  await page.getByRole('button', { name: 'SAVE REPORT' }).click();
  await expect(page).toHaveURL(/\/config\/reports$/);
  await expect(table.locator('tr[data-type="sales"]')).toContainText('Daily Sales');
  await expect(table.locator('tr[data-type="sales"]')).toContainText('gm@beach.test, books@beach.test');
});
