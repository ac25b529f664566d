import { type Locator, type Page, expect, test } from '@playwright/test';
import { ensureAllDayPrice, expectAccessible, outboxMessages, ownAgent, signIn } from './support';

// Issue 12, accessibility gate: axe-core (WCAG 2.1 A and AA rules; support.ts expectAccessible) on
// the board, the unit modal's tabs, every step of the sale wizard and the public receipt; a
// serious or critical violation fails the run. Every other screen is scanned by every-screen.spec.

const ALL_DAY = 'All Day Umbrella A11y';

const tile = (page: Page, location: string, number: number) =>
  page.locator(`[data-location="${location}"] [data-number="${number}"]`);

const continueButton = (modal: Locator) => modal.getByRole('button', { name: 'CONTINUE' });

// Dozens of screens per test, each waited for and scanned: more than the default minute on a busy machine.
test.describe.configure({ timeout: 240_000 });

test.beforeAll(async ({ request }) => {
  await ensureAllDayPrice(request, ALL_DAY);
});

for (const [device, viewport, [saleUnit, roomUnit]] of [
  ['1280 × 800', { width: 1280, height: 800 }, [77, 78]],
  ['390 × 844', { width: 390, height: 844 }, [76, 79]],
] as const) {
  test(`board, unit modal on each tab, every wizard step, public receipt at ${device}`, async ({ page, request }) => {
    await page.setViewportSize(viewport);
    // It sells as an admin of its own: no demo user's Notes/Drops moves (shared server).
    await signIn(page, await ownAgent(request, 'a11yadmin', 'Alli Axe'));
    // A unit in the last rows: the other specs sell and search in the first.
    const theTile = tile(page, 'MB', saleUnit);
    const modal = page.getByRole('dialog');

    // The room-charge steps, on a unit of their own (a wizard keeps its draft per unit).
    await tile(page, 'MB', roomUnit).click();
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
    await modal.getByLabel('Customer Name').fill(`Ally Access ${saleUnit}`);
    await continueButton(modal).click();
    await expect(modal.getByText('Select Receipt Type')).toBeVisible();
    await expectAccessible(page, 'wizard: receipt');
    await modal.getByLabel('Mobile number for the receipt').fill('12');
    await continueButton(modal).click();
    await expect(modal.getByTestId('receipt-alert')).toBeVisible();
    await expectAccessible(page, 'wizard: receipt error');
    await modal.getByLabel('Mobile number for the receipt').fill(`305 555 01${saleUnit}`);
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

    const receipt = (await outboxMessages(request)).find(
      (m) => m.purpose === 'receipt' && m.recipient === `30555501${saleUnit}`,
    );
    const url = /https?:\/\/\S+\/receipt\/[A-Za-z0-9_-]+/.exec(receipt!.body)![0];
    await page.goto(url);
    await expect(page.getByRole('heading', { name: 'Receipt' })).toBeVisible();
    await expectAccessible(page, 'public receipt');
  });
}
