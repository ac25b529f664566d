import { type Page, expect, test } from '@playwright/test';
import { openBookings, signIn, venueDay } from './support';

// Issue 32, the desk's bookings said back: SAVE BOOKING, Cancel and No-show each end with a
// notification naming the guest and the units, and the grid shows the change; Cancel and No-show
// mark their reason required before the tap, and their button says why it cannot go yet. Walked
// as a supervisor on the tablet and on a phone, on MB 61–64 nine days ahead (no other spec's).

const DAY = venueDay(9);
const toast = (page: Page, text: string) => page.locator('.mantine-Notification-root').filter({ hasText: text });
const unit = (page: Page, n: number) => page.locator(`[data-testid="booking-grid"] [data-number="${n}"]`);

async function book(page: Page, n: number, guest: string) {
  await unit(page, n).click();
  await page.getByTestId('book-selected').click();
  const form = page.getByTestId('booking-form');
  await form.getByLabel('Guest name').fill(guest);
  await form.getByRole('textbox', { name: 'Phone' }).fill(`305 555 01${n}`);
  await form.getByRole('button', { name: 'SAVE BOOKING' }).click();
  await expect(form).toHaveCount(0);
  await expect(toast(page, `Booking saved: ${guest}, MB ${n} on ${DAY}.`)).toBeVisible();
  await expect(unit(page, n)).toHaveAttribute('data-state', 'reserved');
}

/** Opens the booked unit's card and the pane of `action`; the reason is required before any tap. */
async function ask(page: Page, n: number, action: string, confirm: string) {
  await unit(page, n).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: action }).click();
  const reason = dialog.getByRole('textbox', { name: /Reason/ });
  await expect(reason).toHaveAttribute('required', '');
  await expect(dialog.getByText('Required: it is kept in the booking’s history.')).toBeVisible();
  const go = dialog.getByRole('button', { name: confirm });
  await expect(go).toBeDisabled();
  await expect(go).toHaveAccessibleDescription('Write the reason above first.');
  await reason.fill('Guest rang the desk');
  await expect(go).toBeEnabled();
  await go.click();
  await expect(dialog).toHaveCount(0);
}

for (const [device, viewport, [first, second]] of [
  ['1280 × 800', { width: 1280, height: 800 }, [61, 62]],
  ['390 × 844', { width: 390, height: 844 }, [63, 64]],
] as const) {
  test(`a supervisor books, cancels and marks a no-show, each said and shown on the grid (${device})`, async ({
    browser,
  }) => {
    const ctx = await browser.newContext({ viewport });
    const page = await ctx.newPage();
    await signIn(page, 'supervisor');
    await openBookings(page, DAY);
    await book(page, first, `Desk Guest ${first}`);
    await book(page, second, `Desk Guest ${second}`);

    await ask(page, first, 'Cancel booking', 'Cancel this booking');
    await expect(toast(page, `Booking of Desk Guest ${first} cancelled: MB ${first} is free again.`)).toBeVisible();
    await expect(unit(page, first)).toHaveAttribute('data-state', 'free');

    await ask(page, second, 'Mark no-show', 'Release as a no-show');
    await expect(toast(page, `Desk Guest ${second} marked a no-show: MB ${second} is back on sale.`)).toBeVisible();
    await expect(unit(page, second)).toHaveAttribute('data-state', 'free');
    await ctx.close();
  });
}
