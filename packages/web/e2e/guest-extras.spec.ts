import { expect, test } from '@playwright/test';
import { guestBookingTexts } from '@sandbar/contract/booking-page';
import {
  addAnytimePrices,
  allDayPrice,
  adminCall,
  callAs,
  continueTo,
  drawSignature,
  expectNoSeriousAxe,
  ownAgent,
  signIn,
  venueDay,
} from './support';

// Issue 24 points 4 and 5 on the guest's page: a guest on a phone books a spot with an extra at a
// hotel rate (room and surname checked against the hotel's list; a wrong surname is told plainly),
// a row the venue keeps for walk-ins shows as walk-in, not taken; staff check the guest in and the
// wizard has the booked extra chosen, so the ordinary sale totals it with the deposit taken off.

const UMBRELLA = 'Guest Spec Umbrella';
const PACKAGE = 'Guest Spec Wyndham Package';
const TOWEL = 'Guest Spec Towel';
/** An add-on of the Wyndham's own: offered once the guest picks that hotel's rate. */
const COOLER = 'Guest Spec Wyndham Cooler';
const UNIT = 24; // MB, row 2
const en = guestBookingTexts.en;
const PHONE = { width: 390, height: 844 };

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  await addAnytimePrices(request, { umbrella: UMBRELLA, package: PACKAGE, packagePrice: '30.00' });
  await adminCall(request, '/savePrice', { postData: allDayPrice(TOWEL, '4.00', { addOn: '1' }) });
  // A price is linked to a hotel by editing it once added (the Prices screen's rule).
  if (!(await adminCall(request, '/getPriceList')).prices.some((p: { name: string }) => p.name === COOLER)) {
    await adminCall(request, '/savePrice', {
      postData: allDayPrice(COOLER, '9.00', { addOn: '1', hotelRate: '2.00' }),
    });
    const list = await adminCall(request, '/getPriceList');
    const wyndham = list.hotels.find((h: { name: string }) => h.name === 'Wyndham').id;
    const cooler = list.prices.find((p: { name: string }) => p.name === COOLER);
    await adminCall(request, '/savePrice', { postData: { ...cooler, projectHotels: String(wyndham) } });
  }
  // The Cabana Deck's day beds (row 2) stay walk-in; bookings.spec books only its row 1 and MB.
  await adminCall(request, '/saveConfigSettings', {
    bookingOnlineLocations: 'MB, CD, OP', // OP: online-payments.spec's own location
    bookingOnlineRows: 'CD=1',
    bookingNeedsConfirmation: '0',
  });
});

test.afterAll(async ({ request }) => {
  await adminCall(request, '/saveConfigSettings', { bookingOnlineRows: '' });
});

test('a guest books a spot with an extra at a hotel rate; walk-in rows show as walk-in', async ({ browser }) => {
  const ctx = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true, locale: 'en-US' });
  const page = await ctx.newPage();
  await page.goto('/book');
  await page.getByTestId('guest-day').fill(venueDay());
  const grid = page.getByTestId('guest-grid');

  // The Cabana Deck: row 2 is kept for walk-ins, said as such, not as taken.
  await page.getByTestId('guest-location-CD').check({ force: true });
  await expect(grid.locator('[data-number="201"]')).toHaveAttribute('data-state', 'walkin');
  await expect(grid.locator('[data-number="201"]')).toBeDisabled();
  await expect(grid.locator('[data-number="201"]')).toHaveAttribute('aria-label', `CD 201, ${en.walkIn}`);
  await expect(page.locator('.gb-legend')).toContainText(en.walkIn);
  await expectNoSeriousAxe(page, 'walk-in rows at 390×844');

  await page.getByTestId('guest-location-MB').check({ force: true });
  // The Main Beach's rows run past a phone's edge: the page says so until the guest has swiped to the end.
  const more = page.getByTestId('guest-grid-more');
  await expect(more).toHaveText(en.moreToTheSide);
  await grid.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
  await expect(more).toBeHidden();
  await grid.evaluate((el) => el.scrollTo({ left: 0 }));
  await expect(more).toBeVisible();
  await grid.locator(`[data-number="${UNIT}"]`).tap();
  const form = page.getByTestId('guest-form');
  // The day's add-ons for an umbrella, with their prices.
  const extras = form.getByTestId('guest-extras');
  await expect(extras).toContainText(`${TOWEL} — $4.00`);
  await expect(extras).not.toContainText(COOLER);
  await extras.getByLabel(`${TOWEL} — $4.00`).check();
  await form.getByTestId('guest-name').fill('John Smith');
  await form.getByTestId('guest-contact').fill('305 555 0124');
  // The hotel rate asks the room and the surname.
  await form.getByRole('radio', { name: en.hotelRate('Wyndham') }).check();
  // The Wyndham's own extra, at its guests' rate, under the room and surname.
  const hotelExtras = form.getByTestId('guest-hotel-extras');
  await expect(hotelExtras.locator('legend')).toHaveText(en.hotelExtras('Wyndham'));
  await hotelExtras.getByLabel(`${COOLER} — $2.00`).check();
  await form.getByTestId('guest-room').fill('1204');
  await form.getByTestId('guest-surname').fill('Jones');
  await form.getByTestId('guest-accept').check();
  await form.getByTestId('guest-book').tap();
  await expect(form.getByTestId('guest-error')).toHaveText(en.errors.hotelGuestNotFound);
  await expectNoSeriousAxe(page, 'hotel rate refused at 390×844');

  await form.getByTestId('guest-surname').fill('Smith');
  await form.getByTestId('guest-book').tap();
  await expect(page.getByTestId('guest-done')).toBeVisible();
  await expect(page.getByTestId('guest-done-extras')).toHaveText(en.chosenExtras(`${TOWEL}, ${COOLER}`));
  await expectNoSeriousAxe(page, 'confirmation with an extra at 390×844');
  await ctx.close();
});

test('check-in has the booked extra chosen: the ordinary sale totals it, the deposit taken off', async ({
  page,
  request,
}) => {
  const list = await adminCall(request, `/getReservations?day=${venueDay()}`);
  const booking = list.reservations.find((r: { phone: string }) => r.phone === '+13055550124');
  expect(booking).toMatchObject({ channel: 'online', roomNumber: '1204', lastName: 'Smith' });
  expect(booking.items.map((i: { name: string }) => i.name)).toEqual([TOWEL, COOLER]);
  // Deposit and check-in by an admin of the spec's own (no demo user's Notes/Drops moves).
  const desk = await ownAgent(request, 'extrasdesk', 'Ed Extras');
  await callAs(request, desk, '/addReservationDeposit', {
    id: booking.id,
    deposit: { method: 'Cash', amount: '10.00' },
  });
  await signIn(page, desk);
  const tile = page.locator(`[data-location="MB"] [data-number="${UNIT}"]`);
  await expect(tile).toHaveAttribute('data-reserved', 'true');
  await tile.click();
  const modal = page.getByRole('dialog');
  // Staff read what the guest asked for: the hotel rate's guest and the extra.
  await expect(modal.getByTestId('reservation-panel')).toContainText('Hotel guest: room 1204, Smith');
  await expect(modal.getByTestId('booking-extras')).toHaveText(`Extras: ${TOWEL}, ${COOLER}`);
  await modal.getByTestId('check-in').click();
  await modal.getByRole('button', { name: 'Cash' }).click();
  // Select Equipment opens with the guest's extra already added.
  await expect(modal.getByRole('button', { name: new RegExp(TOWEL) })).toHaveAttribute('aria-pressed', 'true');
  await modal.getByRole('button', { name: `${UMBRELLA} — $30.00` }).click();
  await continueTo(modal, 'name');
  await expect(modal.getByLabel('Customer Name')).toHaveValue('John Smith');
  await continueTo(modal, 'receipt');
  await continueTo(modal, 'tip');
  await continueTo(modal, 'signature');
  await drawSignature(page, modal);
  await modal.getByRole('button', { name: 'CONTINUE' }).click();
  // $30 + $4 − $10 deposit.
  await expect(modal.getByTestId('sale-total')).toHaveText('Total: $24.00');
  await modal.getByRole('button', { name: 'COMPLETE SALE' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(tile).toHaveAttribute('data-status', '2');

  const after = await adminCall(request, `/getReservation/${booking.id}`);
  expect(after.status).toBe('checked_in');
  expect(after.items[0].saleId).toBe(after.saleId);
});
