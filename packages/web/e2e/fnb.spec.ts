import { type APIRequestContext, type Browser, type Page, expect, test } from '@playwright/test';
import { fnbTexts } from '@sandbar/contract/fnb-texts';
import { messages } from '@sandbar/contract/messages';
import { apiToken, callAs, ensureAllDayPrice, expectNoSeriousAxe, ownAgent, signIn } from './support';

// Issue 35: a guest scans a unit's code on a 390 × 844 phone in Spanish, orders two drinks with a
// modifier to the unit's tab; the bar's screen (1280 × 800) shows it live and bumps it; the runner
// delivers it; staff settle the tab by card through the reader with a tip. Each step its own test
// (each under 30 s), run in order on one unit.

const es = fnbTexts.es;
const en = fnbTexts.en;
/** The staff screens' own words (features/fnb/i18n.ts): the location picker's label. */
const tr = { location: 'Location' };
/** The spec's own agent: the tab's card money lands on this agent's Notes/Drops, no one else's. */
const AGENT = 'fnbagent';
const ITEM = 'FnB Tab Umbrella';
/** A unit no other spec touches. */
const UNIT = 46;
const PHONE = '305 555 4621';

test.describe.configure({ mode: 'serial' });

let qrUrl = '';
let unitId = 0;
let where = { row: 0, position: 0 };
let orderNumber = 0;
let bar: Page | null = null;

/** The guest's unit is sold under a name with a phone today (its last 4 open the tab); its code's address. */
async function prepare(request: APIRequestContext): Promise<void> {
  await ownAgent(request, AGENT, 'Fern Barista', 'user');
  await ensureAllDayPrice(request, ITEM);
  const admin = { authorization: `Bearer ${await apiToken(request, 'admin')}` };
  const board = await (await request.get('/api/getUnits', { headers: admin })).json();
  const mb = board.locations.find((l: { name: string }) => l.name === 'MB');
  const unit = mb.units.flat().find((u: { unitNumber: number }) => u.unitNumber === UNIT);
  unitId = unit.id;
  where = { row: unit.row, position: unit.position };
  if (unit.unitStatus === 0) {
    const prices = (await (await request.get('/api/getPriceList', { headers: admin })).json()).prices;
    const priceId = prices.find((p: { name: string }) => p.name === ITEM).id;
    const agent = { authorization: `Bearer ${await apiToken(request, AGENT)}` };
    const r = await request.post('/api/saveCustomer', {
      headers: agent,
      data: {
        customerData: {
          ourTransactionId: crypto.randomUUID(),
          unitId,
          selectedUnit: priceId,
          orderTotal: '30.00',
          customerName: 'Lucía Tabares',
          receiptType: 'phone',
          customerPhone: PHONE,
          paymentMethod: 'Cash',
          tipAmount: '0',
        },
      },
    });
    expect(r.ok(), await r.text()).toBeTruthy();
  }
  const codes = await callAs(request, 'admin', `/getFnbUnitCodes?locationId=${mb.id}`);
  qrUrl = codes.codes.find((c: { unitId: number }) => c.unitId === unitId).url;
  expect(qrUrl).toMatch(/\/order\/[A-Za-z0-9_-]{16,}$/);
}

async function phone(browser: Browser): Promise<Page> {
  const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'es-ES', hasTouch: true });
  return ctx.newPage();
}

async function barScreen(browser: Browser): Promise<Page> {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await ctx.newPage();
  await signIn(page, AGENT);
  await page.goto('/stations/bar');
  await expect(page.getByRole('heading', { name: en.station.title.bar })).toBeVisible();
  return page;
}

test('a guest orders two drinks with a modifier to the tab in Spanish; the bar sees it live', async ({
  browser,
  request,
}) => {
  await prepare(request);
  bar = await barScreen(browser);
  const guest = await phone(browser);
  // The code's address, as the phone's camera opens it: the page speaks the phone's Spanish.
  await guest.goto(new URL(qrUrl).pathname);
  await expect(guest.getByRole('heading', { name: es.guest.pageTitle('Sandbar Beach Club') })).toBeVisible();
  await expect(guest.getByTestId('guest-unit')).toHaveText(es.guest.yourSpot(`MB ${UNIT}`));
  await expectNoSeriousAxe(guest, 'order page: menu (390)');

  // Two Mojitos, large (+$3.00 each), with a note.
  await guest.getByRole('button', { name: `${es.guest.add} Mojito` }).click();
  const sheet = guest.getByTestId('item-sheet');
  await sheet.getByLabel('Grande').check();
  await sheet.getByRole('button', { name: '+1' }).click();
  await sheet.getByLabel(es.guest.note).fill('Poco hielo');
  await expectNoSeriousAxe(guest, 'order page: item (390)');
  await sheet.getByRole('button', { name: es.guest.addWithPrice('$24.00') }).click();

  await guest.getByRole('button', { name: es.guest.viewCart(2, '$24.00') }).click();
  const cart = guest.getByTestId('guest-cart');
  await expect(cart.getByTestId('cart-line')).toContainText('2 × Mojito');
  await expect(cart.getByTestId('cart-line')).toContainText('Grande');
  await cart.getByLabel(es.guest.payTab).check();
  // A wrong last 4 is refused in Spanish; the right one adds the order to the tab.
  await cart.getByLabel(es.guest.tabLast4).fill('0000');
  await cart.getByRole('button', { name: es.guest.placeOrder('$24.00') }).click();
  await expect(cart.getByRole('alert')).toHaveText(es.errors.tabLast4Wrong);
  await cart.getByLabel(es.guest.tabLast4).fill(PHONE.slice(-4));
  await expectNoSeriousAxe(guest, 'order page: cart (390)');
  const placedAt = Date.now();
  await cart.getByRole('button', { name: es.guest.placeOrder('$24.00') }).click();
  const status = guest.getByTestId('order-status');
  await expect(status).toHaveAttribute('data-status', 'received');
  await expect(status.getByTestId('status-text')).toContainText(es.guest.statuses.received);
  await expectNoSeriousAxe(guest, 'order page: status (390)');
  await guest.setViewportSize({ width: 1280, height: 800 });
  await expectNoSeriousAxe(guest, 'order page: status (1280)');
  orderNumber = Number(/(\d+)/.exec((await status.getByRole('heading').textContent()) ?? '')?.[1]);
  expect(orderNumber).toBeGreaterThan(0);

  // The bar's screen shows it live (no reload), within 2 s: unit, row and position, the guest's name.
  const ticket = bar.getByTestId('station-ticket').filter({ hasText: `#${orderNumber} ` });
  await expect(ticket).toBeVisible({ timeout: 2_000 });
  console.log(`[fnb] order on the bar's screen ${Date.now() - placedAt} ms after the tap`);
  await expect(ticket).toContainText(en.station.forUnit(`MB ${UNIT}`, where.row, where.position));
  await expect(ticket).toContainText('Lucía Tabares');
  await expect(ticket).toContainText('2 × Mojito');
  await expect(ticket).toContainText('Large');
  await expect(ticket).toContainText('Poco hielo');
  await expectNoSeriousAxe(bar, 'station screen (1280)');
  await bar.setViewportSize({ width: 390, height: 844 });
  await expectNoSeriousAxe(bar, 'station screen (390)');
  await bar.setViewportSize({ width: 1280, height: 800 });

  // Start, then Ready: the guest's phone follows.
  await ticket.getByRole('button', { name: en.station.start }).click();
  await expect(status).toHaveAttribute('data-status', 'preparing');
  await ticket.getByRole('button', { name: en.station.bump }).click();
  await expect(ticket).toHaveCount(0);
  await guest.context().close();
});

test('the runner delivers it, and the board marks the unit while it is on its way', async ({ browser }) => {
  test.skip(!orderNumber, 'needs the order of the first test');
  const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
  const runner = await ctx.newPage();
  await signIn(runner, AGENT);
  await runner.goto('/stations/runner');
  const card = runner.getByTestId('runner-order').filter({ hasText: `#${orderNumber} ` });
  await expect(card).toBeVisible();
  await expect(runner.getByTestId('runner-row').filter({ has: card })).toContainText(en.station.row(where.row));
  await expectNoSeriousAxe(runner, 'runner view (390)');
  await card.getByRole('button', { name: en.station.pickUp }).click();
  await expect(card).toHaveAttribute('data-status', 'on_way');

  // The board: a small marker on the unit while its order is on its way.
  await bar!.goto('/');
  const tile = bar!.locator(`.sb-tile[data-unit="${unitId}"]`);
  await expect(tile).toHaveAttribute('data-order-on-way', 'true');

  await card.getByRole('button', { name: en.station.delivered }).click();
  await expect(card).toHaveCount(0);
  await expect(tile).not.toHaveAttribute('data-order-on-way', 'true');
  await ctx.close();
});

test('staff settle the tab by card through the reader with a tip', async () => {
  test.skip(!orderNumber || !bar, 'needs the order of the first test');
  const page = bar!;
  await page.locator(`.sb-tile[data-unit="${unitId}"]`).click();
  const modal = page.getByTestId('unit-modal');
  const tab = modal.getByTestId('unit-tab');
  await expect(tab).toContainText('$24.00');
  await tab.getByRole('button', { name: en.staff.settle }).click();
  const settle = page.getByTestId('settle-tab');
  await expect(page.getByTestId('tab-orders')).toContainText('2 × Mojito');
  await settle.getByRole('button', { name: 'Credit Card' }).click();
  await settle.getByRole('button', { name: 'No receipt' }).click();
  await settle.getByRole('button', { name: 'CONTINUE' }).click();
  await expect(settle.getByTestId('step-heading')).toHaveText('Select Tip');
  await settle.getByRole('button', { name: '$5', exact: true }).click();
  await settle.getByRole('button', { name: 'CONTINUE' }).click();
  const pad = settle.getByTestId('signature-pad');
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + 40, box.y + box.height * 0.6);
  await page.mouse.down();
  await page.mouse.move(box.x + 150, box.y + box.height * 0.3, { steps: 8 });
  await page.mouse.move(box.x + 260, box.y + box.height * 0.7, { steps: 8 });
  await page.mouse.up();
  await settle.getByRole('button', { name: 'CONTINUE' }).click();
  await expect(settle.getByTestId('sale-total')).toContainText('$29.00');
  await settle.getByRole('button', { name: messages.sale.readyToSwipe }).click();
  await expect(page.getByText(en.staff.settled)).toBeVisible({ timeout: 10_000 });
  await expect(modal.getByTestId('unit-tab')).toHaveCount(0);
});

test("Admin → Menu: an 86 reaches the guest's phone; the QR sheet prints the unit's code; rotating kills the old codes", async ({
  browser,
  request,
}) => {
  test.skip(!qrUrl, 'needs the code of the first test');
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const admin = await ctx.newPage();
  await signIn(admin, 'admin');
  await admin.goto('/config/menu');
  const water = admin.getByTestId('menu-item').filter({ hasText: 'Water' });
  await water.getByRole('switch', { name: `${en.admin.soldOut}: Water` }).click({ force: true });
  await expect(admin.getByText(en.admin.soldOutOn('Water'))).toBeVisible();
  await expectNoSeriousAxe(admin, 'Admin → Menu (1280)');

  const guest = await phone(browser);
  await guest.goto(new URL(qrUrl).pathname);
  const agua = guest.getByTestId('guest-item').filter({ hasText: 'Agua' });
  await expect(agua).toContainText(es.guest.soldOut);
  await expect(agua.getByRole('button', { name: `${es.guest.add} Agua` })).toBeDisabled();
  await water.getByRole('switch', { name: `${en.admin.soldOut}: Water` }).click({ force: true });
  await expect(admin.getByText(en.admin.soldOutOff('Water'))).toBeVisible();

  // The sheet of MB has this unit's card with its code's address and the EN/ES line.
  await admin.goto('/config/menu/qr');
  const card = admin.getByTestId('qr-card').filter({ has: admin.locator(`a[href="${qrUrl}"]`) });
  await expect(card).toContainText(`MB ${UNIT}`);
  await expect(card).toContainText(en.qr.scanToOrder);
  await expect(card).toContainText(en.qr.scanToOrderEs);
  await expect(card.getByRole('img')).toBeVisible();

  // Rotating the Cabana Deck's codes: its old code stops working, MB's (this spec's) does not change.
  const locations = await callAs(request, 'admin', '/getLocationList');
  const cd = locations.locations.find((l: { name: string }) => l.name === 'CD');
  const before = await callAs(request, 'admin', `/getFnbUnitCodes?locationId=${cd.id}`);
  await admin.getByRole('combobox', { name: tr.location }).click();
  await admin.getByRole('option', { name: cd.fullName }).click();
  await expect(admin.getByTestId('qr-card').first()).toContainText('CD');
  admin.once('dialog', (d) => void d.accept());
  await admin.getByRole('button', { name: en.qr.rotate }).click();
  await expect(admin.getByText(en.qr.rotated(before.codes.length))).toBeVisible();
  await guest.goto(new URL(before.codes[0].url).pathname);
  await expect(guest.getByRole('alert')).toHaveText(es.errors.badToken);
  await ctx.close();
  await guest.context().close();
});

test("staff order from the unit modal to the unit's tab reaches the bar", async () => {
  test.skip(!orderNumber || !bar, 'needs the unit of the first test');
  const page = bar!;
  await page.goto('/');
  await page.locator(`.sb-tile[data-unit="${unitId}"]`).click();
  const modal = page.getByTestId('unit-modal');
  await modal.getByTestId('fnb-order-button').click();
  const order = page.getByTestId('staff-order');
  await order.getByRole('button', { name: /^Beer/ }).click();
  await order.getByRole('button', { name: /^Lemonade/ }).click();
  await expect(order.getByTestId('staff-cart-line')).toHaveCount(2);
  await expect(order.getByTestId('staff-order-total')).toHaveText('$10.50');
  await expect(order.getByRole('button', { name: en.staff.toTab })).toHaveAttribute('aria-pressed', 'true');
  await order.getByRole('button', { name: `${en.staff.send} — $10.50` }).click();
  await expect(page.getByText(en.staff.sent)).toBeVisible();
  // The unit's tab has it, and the bar's screen shows it.
  await expect(modal.getByTestId('unit-tab')).toContainText('$10.50');
  await page.goto('/stations/bar');
  await expect(
    page
      .getByTestId('station-ticket')
      .filter({ hasText: `MB ${UNIT}` })
      .first(),
  ).toContainText('Beer');
});
