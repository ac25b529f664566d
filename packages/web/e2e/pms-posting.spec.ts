import { type APIRequestContext, type Locator, type Page, expect, test } from '@playwright/test';
import { messages } from '@sandbar/contract/messages';
import { pmsLookupTexts } from '@sandbar/contract/pms-lookup';
import { rosterFolderId } from '@sandbar/contract/uploads';
import { type MewsFake, startMewsFake } from '../../server/test/fixtures/mews/mews-fake';
import { DEMO_PASSWORD, allDayPrice, apiToken, drawSignature, signIn } from './support';

// Issue 34 in Chromium: a hotel connected to Mews (the server tests' fake, validating every request
// against the schemas written from Mews' docs, served over HTTP from this spec's own process) on
// the Hotels screen; a room-charge sale finds the guest live, posts to the folio, and All
// Transactions and the View say "Posted" with Mews' reference. With Mews down a sale still
// completes (the roster answers, the warning shows) and posts once Mews is back. An admin's price
// correction, delete, restore and switch of hotel each become Mews' own correction (a reversal on
// the guest's account and a re-post), seen on the fake's folio and on the Postings screen.
//
// The spec sells as an agent of its own on a location of its own (decision 277), to a hotel of
// its own (no other spec's room charge meets a PMS).

const AGENT = 'pmsagent';
const LOCATION = 'PM';
const HOTEL = 'Mews Bay';
// A name no other spec's item contains: the specs pick wizard buttons by name (a substring match).
const ITEM = 'Folio Parasol';

let mews: MewsFake;
let hotelId = 0;

async function admin(request: APIRequestContext) {
  return { authorization: `Bearer ${await apiToken(request, 'admin')}` };
}

async function ok(res: Awaited<ReturnType<APIRequestContext['get']>>) {
  expect(res.ok(), await res.text()).toBeTruthy();
  return res.json();
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  mews = await startMewsFake();
  const headers = await admin(request);
  // A location, an agent who sells only there, an item offered at any hour, a hotel with a roster.
  let board = await ok(await request.get('/api/getUnits', { headers }));
  if (!board.locations.some((l: { name: string }) => l.name === LOCATION)) {
    await ok(
      await request.post('/api/saveLocation', {
        headers,
        data: {
          postData: { id: 0, locationId: 0, name: LOCATION, fullName: 'PMS Beach', umbrellas: '4', umbrellaRows: '1' },
        },
      }),
    );
    board = await ok(await request.get('/api/getUnits', { headers }));
    // A new location's units have no numbers yet ("PM 1-1"): number them 1–4 as an admin would.
    const fresh = board.locations.find((l: { name: string }) => l.name === LOCATION);
    for (const [i, u] of (fresh.units.flat() as { id: number }[]).entries())
      await ok(
        await request.post('/api/saveUmbrellaNumber', {
          headers,
          data: { unitData: { unitId: u.id, unitNumber: i + 1, unitType: 'U' } },
        }),
      );
  }
  const location = board.locations.find((l: { name: string }) => l.name === LOCATION);
  const people = await ok(await request.get('/api/getPeopleList', { headers }));
  if (!JSON.stringify(people).includes(`"${AGENT}"`)) {
    await ok(
      await request.post('/api/savePeople', {
        headers,
        data: {
          postData: {
            name: 'Pam Posting',
            initials: 'PP',
            user: AGENT,
            pass: DEMO_PASSWORD,
            confirmPass: DEMO_PASSWORD,
            locations: String(location.id),
            admin: '1',
            manager: '0',
            supervisor: '0',
          },
        },
      }),
    );
  }
  const prices = await ok(await request.get('/api/getPriceList', { headers }));
  if (!prices.prices.some((p: { name: string }) => p.name === ITEM)) {
    await ok(await request.post('/api/savePrice', { headers, data: { postData: allDayPrice(ITEM, '30.00') } }));
  }
  let hotels = (await ok(await request.get('/api/getHotels', { headers }))).hotels as { id: number; name: string }[];
  if (!hotels.some((h) => h.name === HOTEL)) {
    await ok(
      await request.post('/api/saveHotel', {
        headers,
        data: {
          postData: {
            id: 0,
            name: HOTEL,
            contactName: 'Night Audit',
            contactEmail: 'audit@mewsbay.test',
            roomRange: '',
          },
        },
      }),
    );
    hotels = (await ok(await request.get('/api/getHotels', { headers }))).hotels;
  }
  hotelId = hotels.find((h) => h.name === HOTEL)!.id;
  // The roster knows Ana Smith in 305 too: it answers when Mews does not.
  await ok(
    await request.post('/api/fileUpload', {
      headers,
      multipart: {
        clientId: String(hotelId),
        folderId: rosterFolderId,
        fullPath: '',
        files: {
          name: `mews-bay-${Date.now()}.csv`,
          mimeType: 'text/csv',
          buffer: Buffer.from('Room,Guest_Name,Accompanying_Guest_Name,Additional\n0305,"Smith, Ana",,0\n'),
        },
      },
    }),
  );
});

test.afterAll(async () => {
  await mews?.close();
});

const tile = (page: Page, n: number) => page.locator(`[data-location="${LOCATION}"] [data-number="${n}"]`);

/** A room charge on the unit to Smith in 305, through the wizard, up to the guest step's answer. */
async function roomChargeToSmith(page: Page, n: number): Promise<Locator> {
  await tile(page, n).click();
  const modal = page.getByRole('dialog');
  await modal.getByRole('tab', { name: 'New Customer' }).click();
  await modal.getByRole('button', { name: 'Room Charge' }).click();
  await modal.getByRole('button', { name: HOTEL }).click();
  await modal.getByLabel('Last Name').fill('Smith');
  await modal.getByLabel('Room Number').fill('305');
  return modal;
}

/** From the guest step to COMPLETE SALE: the item, no receipt, the preset tip, the signature. */
async function finishSale(page: Page, modal: Locator, n: number) {
  await modal.getByRole('button', { name: 'CONTINUE' }).click();
  await modal.getByRole('button', { name: `${ITEM} — $30.00` }).click();
  await modal.getByRole('button', { name: 'CONTINUE' }).click();
  await expect(modal.getByTestId('step-heading')).toHaveText('Review Order');
  await modal.getByRole('button', { name: 'CONTINUE' }).click();
  await expect(modal.getByTestId('step-heading')).toHaveText('Select Receipt Type');
  await modal.getByRole('button', { name: 'No receipt' }).click();
  await modal.getByRole('button', { name: 'CONTINUE' }).click();
  await expect(modal.getByTestId('step-heading')).toHaveText('Select Tip');
  await modal.getByRole('button', { name: 'CONTINUE' }).click();
  await drawSignature(page, modal);
  await modal.getByRole('button', { name: 'CONTINUE' }).click();
  await modal.getByRole('button', { name: 'COMPLETE SALE' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(tile(page, n)).toHaveAttribute('data-status', '4');
}

/** The All Transactions row of the sale on this unit. */
const rowOf = (page: Page, n: number) =>
  page
    .getByTestId('report-table')
    .locator('tbody tr')
    .filter({ hasText: `${LOCATION} ${n}` });

test('connected to Mews on the Hotels screen, the connection test says what worked', async ({ page }) => {
  await signIn(page, AGENT);
  // Admin → Hotels: the hotel's system is Mews, at the fake's address; the test says what worked.
  await page.goto(`/config/hotel/edit/${hotelId}`);
  const card = page.getByTestId('hotel-pms');
  await card.getByRole('combobox', { name: 'Connection' }).click();
  await page.getByRole('option', { name: 'Mews (Connector API)' }).click();
  await card.getByLabel('Endpoint').fill(mews.url);
  await card.getByLabel('Mews service id (the charges are ordered on it)').fill(mews.serviceId);
  await card.getByLabel('Client token (Mews)').fill(mews.clientToken);
  await card.getByLabel('Access token (Mews)').fill(mews.accessToken);
  await card.getByRole('button', { name: 'SAVE HOTEL SYSTEM' }).click();
  await card.getByRole('button', { name: 'Test connection' }).click();
  await expect(card.getByTestId('pms-test-result')).toContainText('The connection works');
});

test('a room charge to the connected hotel finds the guest live and posts; All Transactions and View say so', async ({
  page,
}) => {
  await signIn(page, AGENT);
  const modal = await roomChargeToSmith(page, 1);
  const live = modal.getByTestId('live-guest');
  await expect(live).toContainText('Ana Smith');
  await expect(live).toContainText('Reservation 4021');
  await finishSale(page, modal, 1);

  // Posted by the queue within a second or two: All Transactions shows Mews' order id.
  await page.goto('/dailyreports?type=allTransactions');
  await expect(async () => {
    await page.reload();
    await expect(rowOf(page, 1).locator('[data-posting]')).toHaveAttribute('data-posting', 'posted', { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  const order = mews.items.find((i) => i.Name.includes(ITEM))!;
  expect(order, 'the folio line in Mews').toBeTruthy();
  await expect(rowOf(page, 1)).toContainText(`Posted ${order.ServiceOrderId}`);
  await rowOf(page, 1).getByRole('button', { name: 'View' }).click();
  const posting = page.getByTestId('sale-posting');
  await expect(posting.getByTestId('posting-state')).toHaveText('Posted');
  await expect(posting).toContainText(order.ServiceOrderId);
  expect(mews.violations).toEqual([]);
});

test('Mews down: the sale completes on the roster with the warning, and posts when Mews is back', async ({ page }) => {
  await signIn(page, AGENT);
  mews.down = true;
  const before = mews.items.length;
  try {
    const modal = await roomChargeToSmith(page, 2);
    await expect(modal.getByTestId('live-warning')).toHaveText(pmsLookupTexts.unreachable);
    await expect(modal.getByTestId('guest-match')).toBeVisible();
    await finishSale(page, modal, 2);
    await page.goto('/dailyreports?type=allTransactions');
    await expect(rowOf(page, 2).locator('[data-posting]')).toHaveAttribute('data-posting', 'pending');
  } finally {
    mews.down = false;
  }
  // Back up: the queue's next try posts it (PMS_RETRY_MS is a second in the Playwright run).
  await expect(async () => {
    await page.reload();
    await expect(rowOf(page, 2).locator('[data-posting]')).toHaveAttribute('data-posting', 'posted', { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  expect(mews.items.length).toBeGreaterThan(before);
  // The Postings screen: both sales posted, nothing failing.
  await page.goto('/config/postings');
  await expect(page.getByTestId('postings-table').getByTestId('posting-row')).toHaveCount(2);
  await expect(page.getByTestId('postings-table').locator('[data-state="posted"]')).toHaveCount(2);
  await expect(page.getByTestId('postings-attention')).toHaveCount(0);
  // The night reconciliation of the day: Sandbar's room charges to Mews Bay = what Mews confirmed.
  const reconciled = page.getByTestId('hotel-reconciliation').filter({ hasText: HOTEL });
  await expect(reconciled).toHaveAttribute('data-all-posted', '1');
  await expect(reconciled).toContainText('All posted to Mews: 2 room charges');
  expect(mews.violations).toEqual([]);
});

test("an admin's price correction of a posted room charge reverses it on the folio and re-posts the new price", async ({
  page,
}) => {
  // The first test's sale on unit 1 is posted: $30.00 on Ana Smith's account.
  const sum = () => mews.items.reduce((s, i) => s + i.Amount, 0);
  const before = mews.items.length;
  const totalBefore = sum();
  await signIn(page, AGENT);
  await page.goto('/dailyreports?type=allTransactions');
  await expect(rowOf(page, 1).locator('[data-posting]')).toHaveAttribute('data-posting', 'posted');
  await rowOf(page, 1).getByRole('button', { name: 'Edit Price' }).click();
  const edit = page.getByRole('dialog', { name: messages.report.editTransactionPrice });
  await edit.getByLabel('Price').fill('25');
  await edit.getByRole('textbox', { name: 'Reason' }).fill('Wrong umbrella');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toHaveCount(0);
  // The queue reverses the $30.00 (negative lines, its own key) and posts $25.00: Mews ends $5 lower.
  await expect(async () => {
    expect(mews.items.length).toBeGreaterThanOrEqual(before + 2);
    expect(sum()).toBeCloseTo(totalBefore - 5, 2);
  }).toPass({ timeout: 20_000 });
  expect(mews.items.some((i) => i.Amount < 0)).toBe(true);
  await expect(async () => {
    await page.reload();
    await expect(rowOf(page, 1).locator('[data-posting]')).toHaveAttribute('data-posting', 'posted', { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  // The View: the charge, its reversal and the new charge, all posted; the reason in the history.
  await rowOf(page, 1).getByRole('button', { name: 'View' }).click();
  const details = page.getByRole('dialog', { name: messages.report.viewTransaction });
  await expect(details.getByTestId('sale-posting')).toHaveCount(3);
  await expect(details.getByTestId('transaction-history')).toContainText('Wrong umbrella');
  expect(mews.violations).toEqual([]);
});

test("an admin's delete, restore and switch of hotel become Mews' own corrections, on the folio and the Postings screen", async ({
  page,
}) => {
  // The sale on unit 2 (posted once Mews came back): find it on Mews' folio by the order it made.
  await signIn(page, AGENT);
  await page.goto('/dailyreports?type=allTransactions');
  const cell = rowOf(page, 2).locator('[data-posting]');
  await expect(cell).toHaveAttribute('data-posting', 'posted');
  const order = /Posted (\S+)/.exec((await cell.textContent()) ?? '')?.[1];
  const first = mews.items.find((i) => i.ServiceOrderId === order);
  expect(first, `Mews holds order ${order}`).toBeTruthy();
  const saleId = Number(/^Sandbar sale (\d+) /.exec(first!.Name)?.[1]);
  // What Mews holds for this sale, net, in dollars (reversals are negative items).
  const onFolio = () =>
    mews.items.filter((i) => i.Name.startsWith(`Sandbar sale ${saleId} `)).reduce((s, i) => s + i.Amount, 0);
  // The sale's total: the item and the wizard's preset tip.
  const total = onFolio();
  expect(total).toBeGreaterThanOrEqual(30);
  const folioBecomes = (dollars: number) =>
    expect(async () => expect(onFolio()).toBeCloseTo(dollars, 2)).toPass({ timeout: 20_000 });
  const reason = (dialog: Locator, why: string) => dialog.getByRole('textbox', { name: 'Reason' }).fill(why);

  // Delete: Mews reverses the charge (negative items on the same account, the reason in the notes).
  await rowOf(page, 2).getByRole('button', { name: 'Delete', exact: true }).click();
  const confirm = page.getByRole('dialog');
  await reason(confirm, 'Guest never took the parasol');
  await confirm.getByRole('button', { name: 'Yes' }).click();
  await expect(confirm).toHaveCount(0);
  await folioBecomes(0);

  // Restore: posted again, as the sale's second charge.
  await page.reload();
  await rowOf(page, 2).getByRole('button', { name: 'Restore' }).click();
  const restore = page.getByRole('dialog');
  await reason(restore, 'Deleted by mistake');
  await restore.getByRole('button', { name: 'Restore' }).click();
  await expect(restore).toHaveCount(0);
  await folioBecomes(total);

  // Switch to a hotel on its roster: Mews reverses; and back to Mews Bay: posted once more.
  const switchTo = async (hotel: string, why: string) => {
    await page.reload();
    await rowOf(page, 2).getByRole('button', { name: 'Switch Hotel' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('combobox', { name: 'Move this room charge to' }).click();
    await page.getByRole('option', { name: hotel, exact: true }).click();
    await reason(dialog, why);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toHaveCount(0);
  };
  await switchTo('Hyatt', 'Guest is staying at the Hyatt');
  await folioBecomes(0);
  await switchTo(HOTEL, 'Guest was at Mews Bay after all');
  await folioBecomes(total);

  // The Postings screen shows each correction as its own posting with its reason: three charges
  // posted, two reversals (shown as voided), the reasons written beside them.
  await page.goto('/config/postings');
  const rows = page.getByTestId('postings-table').locator(`[data-testid="posting-row"][data-sale="${saleId}"]`);
  await expect(rows).toHaveCount(5);
  await expect(rows.locator('[data-state="posted"]')).toHaveCount(3);
  await expect(rows.locator('[data-state="voided"]')).toHaveCount(2);
  await expect(rows.getByTestId('posting-reversal')).toHaveCount(2);
  await expect(page.getByTestId('hotel-reconciliation').filter({ hasText: HOTEL })).toHaveAttribute(
    'data-all-posted',
    '1',
  );
  for (const why of ['Guest never took the parasol', 'Deleted by mistake', 'Guest is staying at the Hyatt'])
    await expect(rows.filter({ hasText: why }).first()).toBeVisible();
  expect(mews.violations).toEqual([]);
});
