import fs from 'node:fs';
import { createRequire } from 'node:module';
import { type Locator, type Page, expect, test } from '@playwright/test';
import {
  prepareWalk,
  walkAdmin,
  walkFnb,
  walkGuest,
  walkNeedsAttention,
  walkOthers,
  walkReceipt,
  walkSignedOut,
} from './screens';
import { ensureAllDayPrice, outboxMessages, ownAgent, signIn, signOut } from './support';

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
      // WCAG 2.5.3, still "experimental" in axe: a control's name holds the words it shows (issue 32).
      rules: { 'label-content-name-mismatch': { enabled: true } },
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

// Issue 26: the axe gate over every screen (the walk the touch spec measures) at both sizes: on a
// phone a table scrolls sideways and must be reachable by keyboard (scrollable-region-focusable).
for (const [device, viewport, guestUnit, fnbUnit] of [
  ['1280 × 800', { width: 1280, height: 800 }, 52, 28],
  ['390 × 844', { width: 390, height: 844 }, 53, 29],
] as const) {
  test.describe(`every screen at ${device}`, () => {
    test.use({ viewport });

    // Issue 32: the guest's page in every state, "booked!" and the manage page included.
    test('the guest page: grid, waitlist, details and errors, booked, manage, cancel', async ({ page, request }) => {
      await prepareWalk(request, [28, 29, 48]);
      await walkGuest(page, expectAccessible, { unit: guestUnit, phone: `305 555 03${guestUnit}` });
    });

    test('signed out, admin: login, search, notes, every report and dialog, config, lists and forms', async ({
      page,
      request,
    }) => {
      await prepareWalk(request, [28, 29, 48]);
      await walkSignedOut(page, expectAccessible);
      await walkAdmin(page, expectAccessible, { phone: viewport.width < 500 });
      await walkReceipt(page, request, expectAccessible);
    });

    // Issue 35: the guest's order page (English and Spanish), the bar's screen, the runner's view,
    // Admin → Menu and its item form, the QR sheet, the F&B report; on a unit the walk sold.
    test('food and drink: order page EN/ES, station, runner, Admin → Menu, QR sheet, F&B report', async ({
      page,
      request,
    }) => {
      await prepareWalk(request, [28, 29, 48]);
      await walkFnb(page, request, expectAccessible, { unit: fnbUnit });
    });

    test('supervisor and staff: reports, notes/drops, board, Needs attention', async ({ page, request }) => {
      await prepareWalk(request, [28, 29, 48]);
      await walkOthers(page, expectAccessible);
      await signOut(page);
      await walkNeedsAttention(page, request, expectAccessible);
    });
  });
}
