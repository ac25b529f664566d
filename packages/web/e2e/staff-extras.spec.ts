import { expect, test } from '@playwright/test';
import { adminCall, allDayPrice, openBookings, outboxMessages, signIn, venueDay } from './support';

// Issue 24 point 3: a desk or phone booking takes the day's add-ons for the chosen units, stored
// like the guest page's extras (check-in pre-fills them). Its own add-on and units, so the shared
// demo server's other specs are untouched.

const EXTRA = 'Bookrest Towel';
const UNIT = 74; // MB

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  const list = await adminCall(request, '/getPriceList');
  if (list.prices.some((p: { name: string }) => p.name === EXTRA)) return;
  await adminCall(request, '/savePrice', { postData: allDayPrice(EXTRA, '6.00', { addOn: '1' }) });
});

for (const [name, viewport, plus] of [
  ['tablet', { width: 1280, height: 800 }, 4],
  ['phone', { width: 390, height: 844 }, 6],
] as const) {
  test(`staff book a unit with an extra on a ${name}; the booking keeps it for check-in`, async ({
    browser,
    request,
  }) => {
    const day = venueDay(plus);
    const ctx = await browser.newContext({ viewport });
    const page = await ctx.newPage();
    await signIn(page, 'admin');
    await openBookings(page, day);
    await page.locator(`[data-testid="booking-grid"] [data-number="${UNIT}"]`).click();
    await page.getByTestId('book-selected').click();
    const form = page.getByTestId('booking-form');
    await form.getByLabel('Guest name').fill(`Rita Extras ${name}`);
    await form.getByRole('textbox', { name: 'Phone' }).fill(`305 555 019${plus}`);
    // Sent by default, in the language chosen for the guest.
    await expect(form.getByRole('checkbox', { name: /Send the guest the confirmation/ })).toBeChecked();
    const spanish = form.locator('label', { hasText: /^Spanish$/ });
    // Segmented choices are thumb-sized too (48 px).
    expect((await spanish.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(48);
    await spanish.click();
    await expect(form.getByRole('radio', { name: 'Spanish' })).toBeChecked();
    const extra = form.getByTestId('booking-extras').getByRole('checkbox', { name: `${EXTRA} — $6.00` });
    await extra.check();
    // A thumb-sized choice (48 px) at this screen size.
    const box = await extra.locator('xpath=ancestor::*[contains(@class,"mantine-Checkbox-body")][1]').boundingBox();
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(48);
    await form.getByRole('button', { name: 'SAVE BOOKING' }).click();
    await expect(page.getByTestId('booking-form')).toHaveCount(0);

    const list = await adminCall(request, `/getReservations?day=${day}`);
    const r = list.reservations.find((x: { guestName: string }) => x.guestName === `Rita Extras ${name}`);
    expect(r.items.map((i: { name: string }) => i.name)).toEqual([EXTRA]);
    // The board's unit carries it: the check-in wizard pre-fills it.
    const board = await adminCall(request, `/getBookingBoard?day=${day}`);
    const unit = board.locations
      .flatMap((l: { rows: unknown[][] }) => l.rows.flat())
      .find((u: { unitId: number }) => u.unitId === r.units[0].unitId);
    expect(unit.reservations[0].itemNames).toEqual([EXTRA]);

    // The guest got the text with the manage link, in Spanish; the link shows the booking.
    const message = (await outboxMessages(request)).find(
      (m) => m.purpose === 'booking' && m.recipient === `+1305555019${plus}`,
    );
    expect(message?.body).toContain(`reservado MB ${UNIT}`);
    const link = /https?:\/\/\S+\/book\/manage\/[A-Za-z0-9_-]+/.exec(message!.body)![0];
    await page.goto(new URL(link).pathname);
    await expect(page.getByText(`MB ${UNIT}`).first()).toBeVisible();
    await ctx.close();
  });
}

test('Config → Bookings has the afternoon release time and the Spanish policy; a time before the afternoon is refused', async ({
  browser,
}) => {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await ctx.newPage();
  await signIn(page, 'admin');
  await page.goto('/config');
  const rules = page.getByTestId('booking-rules');
  await expect(rules.getByLabel('Cancellation policy in Spanish')).toBeVisible();
  const afternoon = rules.getByLabel('Afternoon release time');
  await expect(afternoon).toBeVisible();
  // 01:00 is before any afternoon: the server refuses it and stores nothing (the shared server's
  // other specs keep their settings).
  await afternoon.fill('01:00');
  await page.getByRole('button', { name: 'Save', exact: false }).last().click();
  await expect(page.getByText(/An afternoon release time must be at or after \d\d:00/).first()).toBeVisible();
  await ctx.close();
});
