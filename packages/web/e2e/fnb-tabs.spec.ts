import { type APIRequestContext, type Page, expect, test } from '@playwright/test';
import { fnbTexts } from '@sandbar/contract/fnb-texts';
import { DEMO_PASSWORD, apiToken, callAs, ensureAllDayPrice, signIn, venueDay, venueDayStart } from './support';

// A tab left open when its day ended (issue 35 point 7, decision 368): listed on Needs attention
// the next day; an attendant sees it but cannot settle it; a supervisor settles it there with the
// sale wizard's steps (cash, no receipt, a tip, the signature), its cash on the supervisor's
// Notes/Drops today. The spec's own location (FT, units 981–982) and people: no other spec's tab or
// cash is in its way, and its old tab is in no one else's banner but admins'.

const en = fnbTexts.en;
const LOC = { name: 'FT', fullName: 'F&B Tabs Deck' };
const NUMBERS = [981, 982];
const UNIT = 981;
const AGENT = 'fnbtabagent';
const SUPERVISOR = 'fnbtabsup';
const PRICE = 'FnB Tabs Shade';
const GUEST = 'Marta Ayer';

test.describe.configure({ mode: 'serial' });

let tabId = 0;

/** The spec's own location (found again on a second run): two umbrellas numbered 981–982. */
async function ownLocation(
  request: APIRequestContext,
): Promise<{ id: number; units: { id: number; unitNumber: number }[] }> {
  const find = async () =>
    (await callAs(request, 'admin', '/getLocationList')).locations.find((l: { name: string }) => l.name === LOC.name);
  let loc = await find();
  if (!loc) {
    await callAs(request, 'admin', '/saveLocation', {
      postData: {
        id: '',
        name: LOC.name,
        fullName: LOC.fullName,
        umbrellas: String(NUMBERS.length),
        umbrellaRows: '1',
      },
    });
    loc = await find();
    const board = await callAs(request, 'admin', '/getUnits');
    const fresh = board.locations.find((l: { id: number }) => l.id === loc.id).units.flat();
    for (const [i, u] of (fresh as { id: number }[]).entries())
      await callAs(request, 'admin', '/saveUmbrellaNumber', {
        unitData: { unitId: u.id, unitNumber: NUMBERS[i], unitType: 'U' },
      });
  }
  const board = await callAs(request, 'admin', '/getUnits');
  return { id: loc.id, units: board.locations.find((l: { id: number }) => l.id === loc.id).units.flat() };
}

/** A person of this spec's own who works only at its location. */
async function ownPerson(request: APIRequestContext, locationId: number, user: string, name: string, sup: boolean) {
  const people = await callAs(request, 'admin', '/getPeopleList');
  if (JSON.stringify(people).includes(`"${user}"`)) return;
  await callAs(request, 'admin', '/savePeople', {
    postData: {
      name,
      initials: name
        .split(' ')
        .map((w) => w[0])
        .join(''),
      user,
      pass: DEMO_PASSWORD,
      confirmPass: DEMO_PASSWORD,
      locations: String(locationId),
      admin: '0',
      manager: '0',
      supervisor: sup ? '1' : '0',
    },
  });
}

/**
 * Yesterday, as a tablet queued it offline (within 24 hours, so dated when taken): the unit sold
 * under a name and two beers to its tab, delivered — and nobody settled it.
 */
async function yesterdaysOpenTab(request: APIRequestContext): Promise<number> {
  const own = await ownLocation(request);
  await ownPerson(request, own.id, AGENT, 'Tino Tabs', false);
  await ownPerson(request, own.id, SUPERVISOR, 'Susa Tabs', true);
  const unitId = own.units.find((u) => u.unitNumber === UNIT)!.id;
  const open = (await callAs(request, SUPERVISOR, '/getFnbAttention')).tabs.find(
    (x: { unitId: number }) => x.unitId === unitId,
  );
  if (open) return open.id;
  await ensureAllDayPrice(request, PRICE);
  const priceId = (await callAs(request, 'admin', '/getPriceList')).prices.find(
    (p: { name: string }) => p.name === PRICE,
  ).id;
  // Yesterday in the venue's zone and within the last 24 hours: 23.5 hours ago was today after
  // 23:30 in New York (CI at 04:40 UTC failed so); before today's midnight it is yesterday.
  const takenAt = Math.min(Date.now() - 23.5 * 3600_000, venueDayStart(venueDay()) - 60_000);
  await callAs(request, AGENT, '/saveCustomer', {
    customerData: {
      ourTransactionId: crypto.randomUUID(),
      unitId,
      selectedUnit: priceId,
      orderTotal: '30.00',
      customerName: GUEST,
      receiptType: 'none',
      paymentMethod: 'Cash',
      tipAmount: '0',
      takenAt,
    },
  });
  const beer = (await callAs(request, 'admin', '/getFnbMenu')).items.find((i: { name: string }) => i.name === 'Beer');
  const placed = await callAs(request, AGENT, '/saveFnbOrder', {
    clientOrderId: crypto.randomUUID(),
    unitId,
    lines: [{ itemId: beer.id, quantity: 2 }],
    totalCents: 2 * beer.priceCents,
    payment: 'tab',
    takenAt,
  });
  const orderId = placed.order.id;
  for (const _ of [1, 2]) await callAs(request, AGENT, '/bumpFnbOrder', { orderId, station: beer.station });
  await callAs(request, AGENT, '/moveFnbOrder', { orderId, status: 'delivered' });
  const tab = (await callAs(request, SUPERVISOR, '/getFnbAttention')).tabs.find(
    (x: { unitId: number }) => x.unitId === unitId,
  );
  expect(tab).toMatchObject({ customerName: GUEST, totalCents: 2 * beer.priceCents, status: 'open' });
  return tab.id;
}

async function drawSignatureIfAsked(page: Page, scope: ReturnType<Page['getByTestId']>) {
  const pad = scope.getByTestId('signature-pad');
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + 40, box.y + box.height * 0.6);
  await page.mouse.down();
  await page.mouse.move(box.x + 150, box.y + box.height * 0.3, { steps: 8 });
  await page.mouse.move(box.x + 260, box.y + box.height * 0.7, { steps: 8 });
  await page.mouse.up();
}

test("yesterday's open tab is on Needs attention; an attendant cannot settle it", async ({ page, request }) => {
  // In the venue day's last three minutes no minute of yesterday is within the 24 hours a tablet's
  // queued order may be late by.
  test.skip(
    Date.now() > venueDayStart(venueDay(1)) - 3 * 60_000,
    'the last three minutes of the venue day have no yesterday within 24 hours',
  );
  tabId = await yesterdaysOpenTab(request);
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, AGENT);
  const banner = page.getByTestId('fnb-attention');
  await expect(banner).toContainText(`FT ${UNIT} (${GUEST}) $12.00`);
  await expect(banner.getByRole('button', { name: en.refunds.settleOld })).toHaveCount(0);
  // The server says no too (by role, not only by the missing button).
  const token = await apiToken(request, AGENT);
  const refused = await request.post('/api/settleFnbTab', {
    headers: { authorization: `Bearer ${token}` },
    data: { ourTransactionId: crypto.randomUUID(), tabId, totalCents: 1200, paymentMethod: 'Cash' },
  });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).details).toBe(en.refunds.pastTabRole);
});

test('a supervisor settles it from Needs attention: cash, a tip and the signature, on today’s Notes/Drops', async ({
  page,
  request,
}) => {
  test.skip(!tabId, 'needs the tab of the first test');
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, SUPERVISOR);
  const row = page.getByTestId('fnb-attention-tab').filter({ hasText: `FT ${UNIT}` });
  await expect(row).toContainText(`(${GUEST}) $12.00`);
  await row.getByRole('button', { name: en.refunds.settleOld }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('tab-orders')).toContainText('2 × Beer');
  const settle = dialog.getByTestId('settle-tab');
  await settle.getByRole('button', { name: 'Cash' }).click();
  await settle.getByRole('button', { name: 'No receipt' }).click();
  await settle.getByRole('button', { name: 'CONTINUE' }).click();
  await expect(settle.getByTestId('step-heading')).toHaveText('Select Tip');
  await settle.getByRole('button', { name: '$3', exact: true }).click();
  await settle.getByRole('button', { name: 'CONTINUE' }).click();
  await drawSignatureIfAsked(page, settle);
  await settle.getByRole('button', { name: 'CONTINUE' }).click();
  await expect(settle.getByTestId('sale-total')).toContainText('$15.00');
  await settle.getByRole('button', { name: 'COMPLETE SALE' }).click();
  await expect(page.getByText(en.staff.settled)).toBeVisible();
  await expect(page.getByTestId('fnb-attention-tab').filter({ hasText: `FT ${UNIT}` })).toHaveCount(0);

  // Settled by the sale; its cash (and tip) on the supervisor's Notes/Drops of today.
  const tab = (await callAs(request, SUPERVISOR, `/getFnbTab/${tabId}`)).tab;
  expect(tab).toMatchObject({ status: 'settled', saleId: expect.any(Number) });
  const drops = (await callAs(request, SUPERVISOR, '/getDropoffReport')).overview;
  expect(drops).toMatchObject({ cashTotal: '12.00', cashTipTotal: '3.00' });
});

test("a supervisor refunds part of an order the guest paid online from the unit's modal", async ({ page, request }) => {
  // The guest of unit 982 pays two beers online (the test provider's page, Pay), delivered.
  const own = await ownLocation(request);
  await ownPerson(request, own.id, SUPERVISOR, 'Susa Tabs', true);
  const unitId = own.units.find((u) => u.unitNumber === 982)!.id;
  const codes = await callAs(request, 'admin', `/getFnbUnitCodes?locationId=${own.id}`);
  const token = new URL(codes.codes.find((c: { unitId: number }) => c.unitId === unitId).url).pathname.split('/').pop();
  const beer = (await callAs(request, 'admin', '/getFnbMenu')).items.find((i: { name: string }) => i.name === 'Beer');
  const placed = await request.post(`/api/public/order/${token}`, {
    data: {
      clientOrderId: crypto.randomUUID(),
      lines: [{ itemId: beer.id, quantity: 2 }],
      totalCents: 2 * beer.priceCents,
      payment: 'online',
      languageCode: 'en',
    },
  });
  expect(placed.ok(), await placed.text()).toBeTruthy();
  const { payUrl, order } = await placed.json();
  expect((await request.post(`${new URL(payUrl, 'http://x').pathname}/pay`, { maxRedirects: 0 })).status()).toBe(303);
  for (const _ of [1, 2])
    await callAs(request, SUPERVISOR, '/bumpFnbOrder', { orderId: order.id, station: beer.station });
  await callAs(request, SUPERVISOR, '/moveFnbOrder', { orderId: order.id, status: 'delivered' });

  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, SUPERVISOR);
  await page.goto('/');
  await page.locator(`.sb-tile[data-unit="${unitId}"]`).click();
  const online = page.getByTestId('unit-fnb-online');
  await expect(online).toContainText(en.refunds.paidOnline('$12.00'));
  await online.getByRole('button', { name: en.refunds.refund }).click();
  const form = page.getByTestId('fnb-refund-form');
  await form.getByLabel(en.refunds.amount).fill('6');
  await expect(form.getByRole('button', { name: `${en.refunds.send} $6.00` })).toBeDisabled();
  await form.getByLabel(en.refunds.reason).fill('One beer was warm');
  await form.getByRole('button', { name: `${en.refunds.send} $6.00` }).click();
  await expect(page.getByText(en.refunds.refunded('$6.00'))).toBeVisible();
  await expect(online).toContainText(en.refunds.paidOnline('$6.00'));
  // In the F&B report's voids, as a refund with its reason.
  const report = await callAs(request, SUPERVISOR, `/getFnbReport?from=${venueDay()}&to=${venueDay()}`);
  expect(report.voids).toContainEqual(
    expect.objectContaining({ kind: 'refund', orderId: order.id, amountCents: 600, reason: 'One beer was warm' }),
  );
});
