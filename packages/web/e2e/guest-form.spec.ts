import { expect, test } from '@playwright/test';
import { guestBookingTexts } from '@sandbar/contract/booking-page';
import { venueDay } from './support';

// Issue 32 on the guest's page, on a 390 × 844 phone: a refused form brings its first field in
// error into view, focused, its message announced (role="alert"); a day that has passed says so
// with no pointless Try again; the manage page names the place, not its code.

const en = guestBookingTexts.en;
const es = guestBookingTexts.es;
const PHONE = { width: 390, height: 844 };
const UNIT = 67; // MB, row 4: no other spec books it

test('a refused form shows and focuses its first field in error; a past day has no Try again', async ({ browser }) => {
  const ctx = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true, locale: 'en-US' });
  const page = await ctx.newPage();
  await page.goto('/book');
  await page.getByTestId('guest-day').fill(venueDay(3));
  await page.getByTestId('guest-location-MB').check({ force: true });
  const grid = page.getByTestId('guest-grid');
  await grid.locator(`[data-number="${UNIT}"]`).scrollIntoViewIfNeeded();
  await grid.locator(`[data-number="${UNIT}"]`).tap();
  const form = page.getByTestId('guest-form');
  const book = form.getByTestId('guest-book');
  await book.scrollIntoViewIfNeeded();
  await book.tap();
  // The name is the first field in error: in view, focused, its message an alert.
  const name = form.getByTestId('guest-name');
  await expect(name).toBeFocused();
  await expect(name).toBeInViewport();
  await expect(form.getByRole('alert').filter({ hasText: en.nameBlank })).toBeInViewport();
  await expect(name).toHaveAttribute('aria-invalid', 'true');

  // Named now, but the contact is not a phone or an e-mail: the focus moves there.
  await name.fill('Fiona Focus');
  await book.scrollIntoViewIfNeeded();
  await book.tap();
  const contact = form.getByTestId('guest-contact');
  await expect(contact).toBeFocused();
  await expect(contact).toBeInViewport();
  await expect(form.getByRole('alert').filter({ hasText: en.contactBlank })).toBeVisible();

  // A day that has passed: the page's message, no Try again (asking again changes nothing).
  await page.goto('/book');
  await page.getByTestId('guest-day').fill(venueDay(-2));
  await expect(page.getByRole('alert')).toContainText(en.errors.dayPast);
  await expect(page.getByRole('button', { name: en.retry })).toHaveCount(0);
  await ctx.close();
});

test('the manage page names the place in Spanish words, not its code', async ({ browser, request }) => {
  const board = await request.get(`/api/public/booking/availability?day=${venueDay(3)}`);
  const mb = (await board.json()).locations.find((l: { name: string }) => l.name === 'MB');
  const unit = mb.rows.flat().find((u: { unitNumber: number }) => u.unitNumber === UNIT + 1);
  const res = await request.post('/api/public/booking', {
    data: {
      day: venueDay(3),
      unitIds: [unit.unitId],
      guestName: 'Paula Place',
      email: 'paula.place@example.com',
      partySize: 2,
      acceptPolicy: true,
      languageCode: 'es',
    },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  const { manageUrl } = await res.json();
  const ctx = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true, locale: 'es-US' });
  const page = await ctx.newPage();
  await page.goto(new URL(manageUrl).pathname);
  await expect(page.getByTestId('guest-status')).toHaveText(es.statuses.confirmed);
  await expect(page.getByTestId('guest-location')).toHaveText('Main Beach');
  await ctx.close();
});
