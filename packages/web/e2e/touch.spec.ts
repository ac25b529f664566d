import { type APIRequestContext, type Locator, type Page, expect, test } from '@playwright/test';
import { apiToken, expectTouchSized, outboxMessages, signIn, tapTarget } from './support';

// Issue 12, thumb-sized: on a 390 × 844 phone and a 1280 × 800 tablet a sale is completed with
// taps only, every tap on a target at least 48 px high and 8 px clear of its neighbours, and at
// every step every control in the unit modal is at least 48 px high. Sold by the admin on MB 20–23.

const ANYTIME = 'Touch Umbrella';
const ANYTIME_WYNDHAM = 'Touch Wyndham Package';

/** Items offered at any hour (tests run at any time of day): a $30 umbrella and a Wyndham package ($0 to guests). */
async function addAnytimePrices(request: APIRequestContext) {
  const token = await apiToken(request, 'admin');
  const headers = { authorization: `Bearer ${token}` };
  const save = async (postData: Record<string, string | number>) => {
    const res = await request.post('/api/savePrice', { headers, data: { postData } });
    expect(res.ok(), await res.text()).toBeTruthy();
  };
  const base = {
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
  await save({ id: 0, name: ANYTIME, price: '30.00', ...base });
  await save({ id: 0, name: ANYTIME_WYNDHAM, price: '30.00', ...base });
  const list = await (await request.get('/api/getPriceList', { headers })).json();
  const wyndham = list.hotels.find((h: { name: string }) => h.name === 'Wyndham').id;
  const item = list.prices.find((p: { name: string }) => p.name === ANYTIME_WYNDHAM);
  await save({ ...item, id: item.id, projectHotels: String(wyndham), hotelRate: '0.00' });
}

const tile = (page: Page, number: number) => page.locator(`[data-location="MB"] [data-number="${number}"]`);

/** Taps a button of the modal by its name, checked for size and spacing first. */
const tapButton = (modal: Locator, name: string | RegExp) =>
  tapTarget(modal.getByRole('button', { name, exact: typeof name === 'string' }), modal);

/** The step is shown and every control of the modal is thumb-sized. */
async function atStep(modal: Locator, heading: string) {
  await expect(modal.getByTestId('step-heading')).toHaveText(heading);
  // Let the modal's transitions settle before measuring.
  await modal.page().waitForTimeout(250);
  await expectTouchSized(modal, heading);
}

/** Draws on the pad with a finger-like drag (the pad is brought on screen first). */
async function sign(page: Page, modal: Locator) {
  const pad = modal.getByTestId('signature-pad');
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.1, box.y + box.height * 0.6);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.4, box.y + box.height * 0.3, { steps: 8 });
  await page.mouse.move(box.x + box.width * 0.7, box.y + box.height * 0.7, { steps: 8 });
  await page.mouse.up();
}

async function openNewCustomer(page: Page, number: number): Promise<Locator> {
  await tapTarget(tile(page, number), null);
  const modal = page.getByRole('dialog');
  await expect(modal).toBeVisible();
  await page.waitForTimeout(250);
  await expectTouchSized(modal, 'unit modal');
  await tapTarget(modal.getByRole('tab', { name: 'New Customer' }), modal);
  await atStep(modal, 'Select Payment Method');
  return modal;
}

/** Receipt, tip, signature and COMPLETE SALE, all by taps. */
async function finish(page: Page, modal: Locator, receiptPhone: string | null) {
  await atStep(modal, 'Select Receipt Type');
  if (receiptPhone) {
    await tapTarget(modal.getByLabel('Mobile number for the receipt'), modal);
    await page.keyboard.type(receiptPhone);
  } else {
    await tapButton(modal, 'No receipt');
  }
  await tapButton(modal, 'CONTINUE');
  await atStep(modal, 'Select Tip');
  await tapButton(modal, '$5');
  await tapButton(modal, 'CONTINUE');
  await atStep(modal, 'Signature');
  await sign(page, modal);
  await tapButton(modal, 'CONTINUE');
  await atStep(modal, 'Complete Order');
  await tapButton(modal, 'COMPLETE SALE');
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

async function cashSale(page: Page, unit: number, phone: string) {
  const modal = await openNewCustomer(page, unit);
  await tapButton(modal, 'Cash');
  await atStep(modal, 'Select Equipment');
  await tapButton(modal, `${ANYTIME} — $30.00`);
  await tapButton(modal, 'CONTINUE');
  await atStep(modal, 'Enter Customer Name');
  await tapTarget(modal.getByLabel('Customer Name'), modal);
  await page.keyboard.type('Thumb Guest');
  await atStep(modal, 'Enter Customer Name');
  await tapButton(modal, 'CONTINUE');
  await finish(page, modal, phone);
  await expect(tile(page, unit)).toHaveAttribute('data-status', '2');
}

async function roomChargeSale(page: Page, unit: number) {
  const modal = await openNewCustomer(page, unit);
  await tapButton(modal, 'Room Charge');
  await atStep(modal, 'Select Hotel');
  await tapButton(modal, 'Wyndham');
  await atStep(modal, 'Enter Hotel Customer Name');
  await tapTarget(modal.getByLabel('Last Name'), modal);
  await page.keyboard.type('Smith');
  await expect(modal.getByTestId('guest-results')).toContainText('***4');
  await atStep(modal, 'Enter Hotel Customer Name');
  await tapButton(modal, 'Use this guest');
  await tapTarget(modal.getByLabel('Room Number'), modal);
  await page.keyboard.type('1204');
  await expect(modal.getByTestId('guest-match')).toBeVisible();
  await atStep(modal, 'Enter Hotel Customer Name');
  await tapButton(modal, 'CONTINUE');
  await atStep(modal, 'Select Equipment');
  await tapButton(modal, `${ANYTIME_WYNDHAM} — $0.00`);
  await tapButton(modal, 'CONTINUE');
  await atStep(modal, 'Review Order');
  // A room charge has seven choices to cancel by now: each Cancel is a big button too.
  await expect(modal.getByRole('button', { name: /^Cancel/ })).not.toHaveCount(0);
  await tapButton(modal, 'CONTINUE');
  await finish(page, modal, null);
  await expect(tile(page, unit)).toHaveAttribute('data-status', '4');
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  await addAnytimePrices(request);
});

for (const [device, viewport, units] of [
  ['a 390 × 844 phone', { width: 390, height: 844 }, [20, 21]],
  ['a 1280 × 800 tablet', { width: 1280, height: 800 }, [22, 23]],
] as const) {
  test.describe(device, () => {
    test.use({ viewport, hasTouch: true });

    test(`cash and room charge by taps on 48-px targets (MB ${units[0]}, ${units[1]})`, async ({ page, request }) => {
      test.setTimeout(120_000);
      await signIn(page, 'admin');
      const phone = `30555501${units[0]}`;
      await cashSale(page, units[0], phone);
      await roomChargeSale(page, units[1]);
      // The text receipt of the cash sale reaches the outbox.
      await expect
        .poll(async () => (await outboxMessages(request)).some((m) => m.purpose === 'receipt' && m.recipient === phone))
        .toBe(true);
    });
  });
}
