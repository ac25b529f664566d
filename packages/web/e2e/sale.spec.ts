import { type APIRequestContext, type Page, expect, test } from '@playwright/test';
import { messages } from '@sandbar/contract/messages';
import { apiToken, outboxMessages, ownAgent, signIn } from './support';

// The money path in Chromium: each payment method through the wizard, a three-unit cart, the
// receipt link from the outbox, and Notes / Drops. The demo venue turns on the simulated reader.

const ALL_DAY = 'All Day Umbrella';
// The spec's own agent (a user on MB, as the demo staff): Notes / Drops below counts its sales only.
const AGENT = 'saleagent';
const ALL_DAY_WYNDHAM = 'All Day Wyndham Guest';

/** The demo's price windows are 7–14 and 15–20 venue time; tests run at any hour, so add all-day items. */
async function addAllDayPrices(request: APIRequestContext) {
  const token = await apiToken(request, 'admin');
  const headers = { authorization: `Bearer ${token}` };
  const save = async (postData: Record<string, string | number>) => {
    const res = await request.post('/api/savePrice', { headers, data: { postData } });
    expect(res.ok(), await res.text()).toBeTruthy();
  };
  const base = {
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
  };
  await save({ id: 0, name: ALL_DAY, ...base });
  await save({ id: 0, name: ALL_DAY_WYNDHAM, ...base });
  const list = await (await request.get('/api/getPriceList', { headers })).json();
  const wyndham = list.hotels.find((h: { name: string }) => h.name === 'Wyndham').id;
  const item = list.prices.find((p: { name: string }) => p.name === ALL_DAY_WYNDHAM);
  await save({ ...item, id: item.id, projectHotels: String(wyndham), hotelRate: '0.00' });
}

const tile = (page: Page, location: string, number: number) =>
  page.locator(`[data-location="${location}"] [data-number="${number}"]`);

async function openNewCustomer(page: Page, location: string, number: number) {
  await tile(page, location, number).click();
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

/** Receipt (phone or e-mail) → tip → signature, from the receipt step on. */
async function receiptTipSign(
  page: Page,
  modal: ReturnType<Page['getByRole']>,
  opts: { phone?: string; email?: string; tip?: string; presetTip?: string },
) {
  await expect(modal.getByText('Select Receipt Type')).toBeVisible();
  if (opts.email) {
    await modal.getByRole('button', { name: 'Email', exact: true }).click();
    await modal.getByLabel('E-mail address for the receipt').fill(opts.email);
  } else {
    await modal.getByLabel('Mobile number for the receipt').fill(opts.phone!);
  }
  await modal.getByRole('button', { name: 'CONTINUE' }).click();
  await expect(modal.getByText('Select Tip')).toBeVisible();
  if (opts.presetTip) {
    await expect(modal.getByRole('button', { name: opts.presetTip, exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  }
  if (opts.tip) await modal.getByRole('button', { name: opts.tip, exact: true }).click();
  await modal.getByRole('button', { name: 'CONTINUE' }).click();
  await sign(page);
}

async function receiptLinkFor(request: APIRequestContext, recipient: string): Promise<string> {
  const all = await outboxMessages(request);
  const m = all.find((x) => x.purpose === 'receipt' && x.recipient === recipient);
  expect(m, `receipt message to ${recipient}`).toBeTruthy();
  const url = /https?:\/\/\S+\/receipt\/[A-Za-z0-9_-]+/.exec(m!.body)?.[0];
  expect(url).toBeTruthy();
  return url!;
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  await addAllDayPrices(request);
  await ownAgent(request, AGENT, 'Sal Seller', 'user');
});

test('cash sale: wizard to red tile, text receipt link opens the public receipt', async ({ page, request }) => {
  await signIn(page, AGENT);
  const modal = await openNewCustomer(page, 'MB', 2);
  await modal.getByRole('button', { name: 'Cash' }).click();
  await modal.getByRole('button', { name: `${ALL_DAY} — $30.00` }).click();
  await modal.getByRole('button', { name: 'CONTINUE' }).click();
  await expect(modal.getByText('Enter Customer Name')).toBeVisible();
  await expect(modal.getByRole('button', { name: 'CONTINUE' })).toHaveCount(0);
  await modal.getByLabel('Customer Name').fill('Pat Cash');
  await modal.getByRole('button', { name: 'CONTINUE' }).click();
  // A bad number: the server's message in a red alert, and no step forward.
  await modal.getByLabel('Mobile number for the receipt').fill('12');
  await modal.getByRole('button', { name: 'CONTINUE' }).click();
  await expect(modal.getByTestId('receipt-alert')).toBeVisible();
  await modal.getByLabel('Mobile number for the receipt').fill('305 555 0101');
  await modal.getByRole('button', { name: 'CONTINUE' }).click();
  await expect(modal.getByRole('button', { name: 'No Tip' })).toHaveAttribute('aria-pressed', 'true');
  await modal.getByRole('button', { name: 'CONTINUE' }).click();
  await sign(page);
  await expect(modal.getByTestId('sale-total')).toHaveText('Total: $30.00');
  await modal.getByRole('button', { name: 'COMPLETE SALE' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(tile(page, 'MB', 2)).toHaveAttribute('data-status', '2');

  const url = await receiptLinkFor(request, '3055550101');
  await page.goto(url);
  await expect(page.getByRole('heading', { name: 'Receipt' })).toBeVisible();
  await expect(page.getByTestId('receipt-total')).toHaveText('$30.00');
  await expect(page.getByTestId('receipt-tip')).toHaveCount(0);
  await expect(page.getByText('MB 2 (row 1, position 2)')).toBeVisible();
  await expect(page.getByRole('link', { name: 'support@sandbar.test' })).toHaveAttribute(
    'href',
    'mailto:support@sandbar.test',
  );
});

test('Customers tab: resend the receipt and change it to an e-mail', async ({ page, request }) => {
  await signIn(page, AGENT);
  await tile(page, 'MB', 2).click();
  const modal = page.getByRole('dialog');
  await expect(modal.getByRole('tab', { name: 'Customers' })).toHaveAttribute('aria-selected', 'true');
  await modal.getByRole('button', { name: 'Resend Receipt' }).click();
  await expect(page.getByText('Receipt sent.')).toBeVisible();
  await modal.getByRole('button', { name: 'Edit Receipt' }).click();
  await modal.getByText('Email', { exact: true }).click();
  await modal.getByLabel('E-mail address for the receipt').fill('not-an-address');
  await modal.getByRole('button', { name: 'Save Receipt' }).click();
  await expect(modal.getByText('Enter a valid e-mail address.')).toBeVisible();
  await modal.getByLabel('E-mail address for the receipt').fill('pat.cash@example.com');
  await modal.getByRole('button', { name: 'Save Receipt' }).click();
  await expect(page.getByText('Receipt details saved.')).toBeVisible();
  const url = await receiptLinkFor(request, 'pat.cash@example.com');
  expect(url).toContain('/receipt/');
});

test('card sale through the simulated reader, tip on the e-mailed receipt', async ({ page, request }) => {
  await signIn(page, AGENT);
  const modal = await openNewCustomer(page, 'MB', 3);
  await modal.getByRole('button', { name: 'Credit Card' }).click();
  await modal.getByRole('button', { name: `${ALL_DAY} — $30.00` }).click();
  await modal.getByRole('button', { name: 'CONTINUE' }).click();
  await modal.getByLabel('Customer Name').fill('Casey Card');
  await modal.getByRole('button', { name: 'CONTINUE' }).click();
  await receiptTipSign(page, modal, { email: 'casey@example.com' });
  await expect(modal.getByTestId('sale-total')).toHaveText('Total: $35.00');
  await modal.getByRole('button', { name: messages.sale.readyToSwipe }).click();
  await expect(modal.getByTestId('card-status')).toHaveText(messages.sale.squareConnecting);
  await expect(page.getByRole('dialog')).toHaveCount(0, { timeout: 10_000 });
  await expect(tile(page, 'MB', 3)).toHaveAttribute('data-status', '2');

  const url = await receiptLinkFor(request, 'casey@example.com');
  await page.goto(url);
  await expect(page.getByTestId('receipt-retail')).toHaveText('$30.00');
  await expect(page.getByTestId('receipt-subtotal')).toHaveText('$30.00');
  await expect(page.getByTestId('receipt-tip-percent')).toHaveText('17%');
  await expect(page.getByTestId('receipt-tip')).toHaveText('$5.00');
  await expect(page.getByTestId('receipt-total')).toHaveText('$35.00');
});

test('voucher sale', async ({ page }) => {
  await signIn(page, AGENT);
  const modal = await openNewCustomer(page, 'MB', 4);
  await modal.getByRole('button', { name: 'Voucher' }).click();
  await expect(modal.getByRole('button', { name: 'CONTINUE' })).toHaveCount(0);
  await modal.getByLabel('Voucher Number').fill('V-1004');
  await modal.getByRole('button', { name: 'CONTINUE' }).click();
  await modal.getByRole('button', { name: `${ALL_DAY} — $30.00` }).click();
  await modal.getByRole('button', { name: 'CONTINUE' }).click();
  await modal.getByLabel('Customer Name').fill('Val Voucher');
  await modal.getByRole('button', { name: 'CONTINUE' }).click();
  await receiptTipSign(page, modal, { phone: '3055550104' });
  await modal.getByRole('button', { name: 'COMPLETE SALE' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(tile(page, 'MB', 4)).toHaveAttribute('data-status', '2');
});

test('room charge with guest lookup turns the unit blue', async ({ page }) => {
  await signIn(page, AGENT);
  const modal = await openNewCustomer(page, 'MB', 5);
  await modal.getByRole('button', { name: 'Room Charge' }).click();
  await modal.getByRole('button', { name: 'Wyndham' }).click();
  await expect(modal.getByText('Enter Hotel Customer Name')).toBeVisible();
  await modal.getByLabel('Last Name').fill('Smith');
  // Searched by last name: the room is masked; the guest has to say it.
  await expect(modal.getByTestId('guest-results')).toContainText('***4');
  await modal.getByRole('button', { name: 'Use this guest' }).click();
  await modal.getByLabel('Room Number').fill('1204');
  await expect(modal.getByText('Guest found on the hotel list.')).toBeVisible();
  await modal.getByRole('button', { name: 'CONTINUE' }).click();
  await modal.getByRole('button', { name: `${ALL_DAY_WYNDHAM} — $0.00` }).click();
  await modal.getByRole('button', { name: 'CONTINUE' }).click();
  await expect(modal.getByText('Review Order')).toBeVisible();
  await modal.getByRole('button', { name: 'CONTINUE' }).click();
  // A $0 hotel package presets No Tip (staff asked for it); the guest tips $5 anyway.
  await receiptTipSign(page, modal, { phone: '3055550105', presetTip: 'No Tip', tip: '$5' });
  await expect(modal.getByTestId('sale-total')).toHaveText('Total: $5.00');
  await modal.getByRole('button', { name: 'COMPLETE SALE' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(tile(page, 'MB', 5)).toHaveAttribute('data-status', '4');
});

test('three-unit cart: held units, one sale; Cancel Order releases a cart', async ({ page }) => {
  await signIn(page, AGENT);
  let modal = await openNewCustomer(page, 'MB', 6);
  await modal.getByRole('button', { name: 'Cash' }).click();
  await modal.getByRole('button', { name: `${ALL_DAY} — $30.00` }).click();
  await modal.getByRole('button', { name: 'CONTINUE' }).click();
  await modal.getByLabel('Customer Name').fill('Group Order');
  await modal.getByRole('button', { name: messages.sale.addMoreUnits }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(tile(page, 'MB', 6)).toHaveAttribute('data-status', '1');
  await expect(page.getByTestId('cart-bar')).toContainText('MB 6');

  for (const n of [7, 8]) {
    modal = await openNewCustomer(page, 'MB', n);
    await expect(modal.getByText(/Adding to the order/)).toBeVisible();
    await modal.getByRole('button', { name: `${ALL_DAY} — $30.00` }).click();
    await modal.getByRole('button', { name: 'CONTINUE' }).click();
    await expect(modal.getByText('Review Order')).toBeVisible();
    if (n === 7) {
      await modal.getByRole('button', { name: messages.sale.addMoreUnits }).click();
      await expect(page.getByRole('dialog')).toHaveCount(0);
    }
  }
  await expect(modal.getByRole('button', { name: 'Remove MB 6 from the order' })).toBeVisible();
  await expect(modal.getByRole('button', { name: 'Remove MB 7 from the order' })).toBeVisible();
  await modal.getByRole('button', { name: 'CONTINUE' }).click();
  await receiptTipSign(page, modal, { phone: '3055550106' });
  await expect(modal.getByTestId('sale-total')).toHaveText('Total: $90.00');
  await modal.getByRole('button', { name: 'COMPLETE SALE' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  for (const n of [6, 7, 8]) await expect(tile(page, 'MB', n)).toHaveAttribute('data-status', '2');
  await expect(page.getByTestId('cart-bar')).toHaveCount(0);

  // A second cart, cancelled from the dashboard.
  modal = await openNewCustomer(page, 'MB', 9);
  await modal.getByRole('button', { name: 'Cash' }).click();
  await modal.getByRole('button', { name: `${ALL_DAY} — $30.00` }).click();
  await modal.getByRole('button', { name: 'CONTINUE' }).click();
  await modal.getByLabel('Customer Name').fill('Changed Mind');
  await modal.getByRole('button', { name: messages.sale.addMoreUnits }).click();
  await expect(tile(page, 'MB', 9)).toHaveAttribute('data-status', '1');
  await page.getByRole('button', { name: messages.dashboard.cancelOrder }).click();
  await expect(tile(page, 'MB', 9)).toHaveAttribute('data-status', '0');
  await expect(page.getByTestId('cart-bar')).toHaveCount(0);
});

test('Notes / Drops: totals, drop-off form and log', async ({ page }) => {
  await signIn(page, AGENT);
  await page.getByRole('link', { name: 'Notes/Drops' }).click();
  await expect(page.getByText(messages.dropoff.todaysTotal)).toBeVisible();
  // the agent sold: cash 30 + 90, card 30 (+ $5 tip), voucher 30, room charge 0 (a hotel package);
  // tips are shown apart, so Today is the sum of the methods.
  await expect(page.getByTestId('cash-total')).toHaveText('$120.00');
  await expect(page.getByTestId('cc-total')).toHaveText('$30.00');
  await expect(page.getByTestId('voucher-total')).toHaveText('$30.00');
  await expect(page.getByTestId('room-charge-total')).toHaveText('$0.00');
  await expect(page.getByTestId('today-total')).toHaveText('$180.00');
  await page.getByRole('button', { name: 'SAVE' }).click();
  await expect(page.getByText(messages.dropoff.amountRequired)).toBeVisible();
  await page.getByLabel('Drop Off Amount').fill('100');
  await page.getByLabel('Notes').fill('mid-day drop');
  await page.getByRole('button', { name: 'SAVE' }).click();
  await expect(page.getByTestId('dropoff-log')).toContainText('mid-day drop');
  await expect(page.getByTestId('cash-on-hand')).toHaveText('$20.00');
  await expect(page.getByTestId('dropped-off')).toHaveText('$100.00');
  await expect(page.getByTestId('dropoff-customers')).toContainText('Pat Cash');
  await expect(page.getByRole('button', { name: messages.dropoff.printNotes })).toBeVisible();
});
