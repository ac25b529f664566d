import { type Locator, type Page, expect, test } from '@playwright/test';
import {
  addAnytimePrices,
  atStep,
  drawSignature,
  expectTouchSized,
  outboxMessages,
  ownAgent,
  signIn,
  tapButton,
  tapTarget,
} from './support';
import { prepareWalk } from './screens';

// Issue 12, thumb-sized: on a 390 × 844 phone and a 1280 × 800 tablet a sale is completed with
// taps only, every tap on a target at least 48 px high and 8 px clear of its neighbours, and at
// every step every control in the unit modal is at least 48 px high. Sold by the admin on MB 20–23.

const ANYTIME = 'Touch Umbrella';
const ANYTIME_WYNDHAM = 'Touch Wyndham Package';

const tile = (page: Page, number: number) => page.locator(`[data-location="MB"] [data-number="${number}"]`);

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
  await drawSignature(page, modal);
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
  await addAnytimePrices(request, { umbrella: ANYTIME, package: ANYTIME_WYNDHAM, packagePrice: '30.00' });
});

for (const [device, viewport, units] of [
  ['a 390 × 844 phone', { width: 390, height: 844 }, [20, 21]],
  ['a 1280 × 800 tablet', { width: 1280, height: 800 }, [22, 23]],
] as const) {
  test.describe(device, () => {
    test.use({ viewport, hasTouch: true });

    test(`cash and room charge by taps on 48-px targets (MB ${units[0]}, ${units[1]})`, async ({ page, request }) => {
      test.setTimeout(120_000);
      await signIn(page, await ownAgent(request, 'touchadmin', 'Tia Touch'));
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

// Issue 26, phone report tables: on a 390-px phone All Transactions shows Price, Tip and Total
// (and the footer's sums) without a sideways swipe: the money columns come right after the time.
test.describe('report tables on a 390 × 844 phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('All Transactions: money columns and footer amounts on screen', async ({ page, request }) => {
    await prepareWalk(request, [28, 29, 48]);
    await signIn(page, 'admin');
    await page.goto('/dailyreports?type=allTransactions');
    const report = page.getByTestId('report-table');
    await expect(report.locator('tbody tr').first()).toBeVisible();
    const onScreen = async (cell: Locator) => {
      const box = (await cell.boundingBox())!;
      return box.x >= 0 && box.x + box.width <= 390;
    };
    for (const name of ['Price', 'Tip', 'Total']) {
      const th = report.locator('thead th').filter({ hasText: new RegExp(`^${name}$`) });
      expect(await onScreen(th), `${name} header on screen`).toBe(true);
    }
    // The footer's Total row: its three amounts are on screen too.
    const total = report
      .locator('tfoot tr')
      .filter({ hasText: /^Total/ })
      .first();
    const amounts = total.locator('td').filter({ hasText: /^\$\d/ });
    await expect(amounts).toHaveCount(3);
    for (let i = 0; i < 3; i++) expect(await onScreen(amounts.nth(i)), `footer amount ${i + 1} on screen`).toBe(true);
  });
});
