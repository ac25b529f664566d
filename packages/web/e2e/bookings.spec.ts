import { type Browser, type Locator, type Page, expect, test } from '@playwright/test';
import { guestBookingTexts } from '@sandbar/contract/booking-page';
import {
  addAnytimePrices,
  adminCall,
  callAs,
  continueTo,
  drawSignature,
  expectNoSeriousAxe,
  outboxMessages,
  ownAgent,
  signIn,
} from './support';

// Issue 24 end to end: a guest books on a phone in Spanish (the confirmation with its manage link
// in the outbox), staff see the booking on the board and check the guest in through the sale
// wizard with the deposit taken off; another booking becomes a no-show at its location's release
// time and the unit turns free on a second tablet; axe finds nothing serious on the public page.

const UMBRELLA = 'Booking Spec Umbrella';
const PACKAGE = 'Booking Spec Wyndham Package';
const GUEST_UNIT = 63; // MB
const NO_SHOW_UNIT = 106; // CD
const es = guestBookingTexts.es;
const PHONE = { width: 390, height: 844 };

test.describe.configure({ mode: 'serial' });

/** The venue's day and clock now ('YYYY-MM-DD', 'HH:MM'): the demo runs on New York time. */
function venueNow(ms = Date.now()) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: 'America/New_York',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(ms))
      .map((p) => [p.type, p.value]),
  );
  return { day: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

const tile = (page: Page, location: string, number: number) =>
  page.locator(`[data-location="${location}"] [data-number="${number}"]`);

async function phone(browser: Browser): Promise<Page> {
  const ctx = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true, locale: 'es-ES' });
  return ctx.newPage();
}

test.beforeAll(async ({ request }) => {
  await addAnytimePrices(request, { umbrella: UMBRELLA, package: PACKAGE, packagePrice: '30.00' });
  // Online: Main Beach and the Cabana Deck; no booking is released during the spec until the
  // no-show test sets the Cabana Deck's time.
  await adminCall(request, '/saveConfigSettings', {
    bookingOnlineLocations: 'MB, CD, OP', // OP: online-payments.spec's own location
    bookingNeedsConfirmation: '0',
    bookingReleaseTime: '23:59',
  });
});

test('a guest books on a phone in Spanish in at most 5 taps; the confirmation is in the outbox', async ({
  browser,
  request,
}) => {
  const page = await phone(browser);
  await page.goto('/book');
  // The browser speaks Spanish: so does the page.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(es.pageTitle('Sandbar Beach Club'));
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expectNoSeriousAxe(page, 'booking page at 390×844');

  // Choosing the date (today) comes before the count.
  const { day } = venueNow();
  await page.getByTestId('guest-day').fill(day);
  const grid = page.getByTestId('guest-grid');
  await expect(grid).toBeVisible();
  await expect(page.getByTestId('guest-prices')).toContainText(UMBRELLA);

  let taps = 0;
  const tap = async (target: Locator) => {
    taps++;
    await target.tap();
  };
  await tap(grid.locator(`[data-number="${GUEST_UNIT}"]`));
  await expect(page.getByTestId('guest-chosen')).toHaveText(es.chosenUnits(`MB ${GUEST_UNIT}`));
  await tap(page.getByTestId('guest-name'));
  await page.keyboard.type('Ana García');
  await tap(page.getByTestId('guest-contact'));
  await page.keyboard.type('305 555 0163');
  await tap(page.getByTestId('guest-accept'));
  await expectNoSeriousAxe(page, 'booking form at 390×844');
  await tap(page.getByTestId('guest-book'));
  await expect(page.getByTestId('guest-done')).toBeVisible();
  await expect(page.getByRole('heading', { name: es.booked })).toBeVisible();
  console.log(`Guest booking at 390×844: ${taps} taps after choosing the date`);
  expect(taps).toBeLessThanOrEqual(5);
  await expectNoSeriousAxe(page, 'confirmation at 390×844');

  // The confirmation went through the outbox, in Spanish, with the manage link.
  await expect
    .poll(async () =>
      (await outboxMessages(request)).some((m) => m.purpose === 'booking' && m.recipient === '+13055550163'),
    )
    .toBe(true);
  const message = (await outboxMessages(request)).find(
    (m) => m.purpose === 'booking' && m.recipient === '+13055550163',
  )!;
  expect(message.body).toContain(`reservado MB ${GUEST_UNIT}`);
  const link = /https?:\/\/\S+\/book\/manage\/[A-Za-z0-9_-]+/.exec(message.body)?.[0];
  expect(link).toBeTruthy();

  // The link opens the guest's own booking (view or cancel).
  await page.goto(new URL(link!).pathname);
  await expect(page.getByTestId('guest-status')).toHaveText(es.statuses.confirmed);
  await expect(page.getByTestId('guest-units')).toHaveText(`MB ${GUEST_UNIT}`);
  await expect(page.getByTestId('guest-cancel')).toBeVisible();
  await expectNoSeriousAxe(page, 'manage page at 390×844');
  await page.context().close();
});

test('staff see the booking on the board and check the guest in with the deposit taken off', async ({
  page,
  request,
}) => {
  const { day } = venueNow();
  const list = await adminCall(request, `/getReservations?day=${day}`);
  const booking = list.reservations.find((r: { guestName: string }) => r.guestName === 'Ana García');
  expect(booking.channel).toBe('online');
  // The guest paid $10 at the desk ahead of the day (a deposit; pay-at-arrival otherwise).
  // The desk that takes the deposit and checks in is an admin of the spec's own: money taken as a
  // demo user would move the Notes/Drops another spec counts (shared server).
  const desk = await ownAgent(request, 'bookingsdesk', 'Bo Desk');
  await callAs(request, desk, '/addReservationDeposit', {
    id: booking.id,
    deposit: { method: 'Cash', amount: '10.00' },
  });
  await signIn(page, desk);
  const t = tile(page, 'MB', GUEST_UNIT);
  await expect(t).toHaveAttribute('data-reserved', 'true');
  await expect(t).toHaveAttribute('aria-label', /Reserved/);
  await t.click();
  const modal = page.getByRole('dialog');
  await expect(modal.getByTestId('reservation-panel')).toContainText('Ana García');
  await modal.getByTestId('check-in').click();
  await expect(modal.getByTestId('checking-in')).toHaveText(
    'Checking in Ana García: the deposit of $10.00 comes off the total.',
  );
  await modal.getByRole('button', { name: 'Cash' }).click();
  await modal.getByRole('button', { name: `${UMBRELLA} — $30.00` }).click();
  await continueTo(modal, 'name');
  await expect(modal.getByLabel('Customer Name')).toHaveValue('Ana García');
  await continueTo(modal, 'receipt');
  await expect(modal.getByLabel('Mobile number for the receipt')).toHaveValue(/305.*555.*0163|3055550163/);
  await continueTo(modal, 'tip');
  await continueTo(modal, 'signature');
  await drawSignature(page, modal);
  await modal.getByRole('button', { name: 'CONTINUE' }).click();
  await expect(modal.getByTestId('sale-total')).toHaveText('Total: $20.00');
  await modal.getByRole('button', { name: 'COMPLETE SALE' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(t).toHaveAttribute('data-status', '2');
  await expect(t).not.toHaveAttribute('data-reserved', 'true');

  const after = await adminCall(request, `/getReservation/${booking.id}`);
  expect(after.status).toBe('checked_in');
  expect(after.depositBalance).toBe('0.00');
  expect(after.payments.map((p: { kind: string; amount: string }) => `${p.kind} ${p.amount}`)).toEqual([
    'deposit 10.00',
    'applied 10.00',
  ]);
});

test('a booking not checked in by the release time turns free on a second tablet', async ({ browser, request }) => {
  test.setTimeout(150_000);
  const { day } = venueNow();
  const board = await adminCall(request, `/getBookingBoard?day=${day}`);
  const cd = board.locations.find((l: { name: string }) => l.name === 'CD');
  const unit = cd.rows.flat().find((u: { unitNumber: number }) => u.unitNumber === NO_SHOW_UNIT);
  const saved = await adminCall(request, '/saveReservation', {
    unitIds: [unit.unitId],
    days: [day],
    guestName: 'Nora Noshow',
    phone: '305 555 0106',
    partySize: 2,
    channel: 'phone',
  });

  // Two tablets on the board.
  const tablets: Page[] = [];
  for (let i = 0; i < 2; i++) {
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const p = await ctx.newPage();
    await signIn(p, 'admin');
    await p.goto('/');
    await expect(tile(p, 'CD', NO_SHOW_UNIT)).toHaveAttribute('data-reserved', 'true');
    tablets.push(p);
  }

  // The Cabana Deck's release time becomes the minute the booking was made: the job (every 30 s)
  // finds it due at its next run.
  const release = venueNow(saved.reservation.createdAt).time;
  await adminCall(request, '/saveConfigSettings', { bookingReleaseTime: `23:59, CD=${release}` });
  try {
    await expect(tile(tablets[1]!, 'CD', NO_SHOW_UNIT)).toHaveAttribute('data-status', '0', { timeout: 65_000 });
    await expect(tile(tablets[1]!, 'CD', NO_SHOW_UNIT)).not.toHaveAttribute('data-reserved', 'true');
    await expect(tile(tablets[0]!, 'CD', NO_SHOW_UNIT)).toHaveAttribute('data-status', '0');
    const after = await adminCall(request, `/getReservation/${saved.reservation.id}`);
    expect(after.status).toBe('no_show');
  } finally {
    await adminCall(request, '/saveConfigSettings', { bookingReleaseTime: '23:59' });
    for (const p of tablets) await p.context().close();
  }
});

test('a waitlisted guest gets an offer by text and keeps the unit by its link', async ({ browser, request }) => {
  test.setTimeout(120_000);
  // A full day of cabanas (issue 32: a day with a free cabana is booked, not wait-listed): staff
  // book every cabana of the Cabana Deck four days on, one booking each.
  const waitDay = venueNow(Date.now() + 4 * 86_400_000).day;
  const deck = (await adminCall(request, `/getBookingBoard?day=${waitDay}`)).locations.find(
    (l: { name: string }) => l.name === 'CD',
  );
  const free = deck.rows
    .flat()
    .filter((u: { unitType: string; state: string }) => u.unitType === 'C' && u.state === 'free');
  const deckBookings: number[] = [];
  for (const u of free) {
    const saved = await adminCall(request, '/saveReservation', {
      unitIds: [u.unitId],
      days: [waitDay],
      guestName: `Full Deck ${u.unitNumber}`,
      phone: '305 555 0107',
      partySize: 2,
      channel: 'phone',
    });
    deckBookings.push(saved.reservation.id);
  }
  const page = await phone(browser);
  await page.goto('/book');
  await page.getByTestId('guest-day').fill(waitDay);
  await page.getByTestId('guest-location-CD').check({ force: true });
  await page.getByTestId('guest-waitlist-open').tap();
  const form = page.getByTestId('guest-waitlist-form');
  await form.getByLabel(es.unitType).selectOption({ label: guestBookingTexts.es.unitTypes.C! });
  await page.getByTestId('guest-name').fill('Wanda Wait');
  await page.getByTestId('guest-contact').fill('305 555 0188');
  await page.getByTestId('guest-accept').check();
  await expectNoSeriousAxe(page, 'waitlist form at 390×844');
  await page.getByTestId('guest-book').tap();
  await expect(page.getByRole('heading', { name: es.waitlisted })).toBeVisible();
  // A cabana frees up.
  await adminCall(request, '/cancelReservation', { id: deckBookings[0], reason: 'Plans changed' });

  // The cancel wakes the bookings job (jobs.ts: wakeOn), which offers the freed cabana
  // within seconds; its half-minute tick alone would often miss this poll.
  let link = '';
  await expect
    .poll(
      async () => {
        const m = (await outboxMessages(request)).find(
          (x) => x.purpose === 'waitlist' && x.recipient === '+13055550188',
        );
        link = (m && /https?:\/\/\S+\/book\/manage\/[A-Za-z0-9_-]+/.exec(m.body)?.[0]) ?? '';
        return link;
      },
      { timeout: 20_000, intervals: [1_000] },
    )
    .not.toBe('');
  await page.goto(new URL(link).pathname);
  await expect(page.getByTestId('guest-offer')).toContainText(es.offerTitle);
  await expectNoSeriousAxe(page, 'waitlist offer at 390×844');
  await page.getByTestId('guest-keep').tap();
  await expect(page.getByTestId('guest-kept')).toHaveText(es.kept);
  await expect(page.getByTestId('guest-status')).toHaveText(es.statuses.confirmed);
  await page.context().close();
});
