import { type APIRequestContext, expect, test } from '@playwright/test';
import { guestBookingTexts } from '@sandbar/contract/booking-page';
import { formatMoney } from '@sandbar/contract/rules/money';
import { adminCall, ensureAllDayPrice, outboxMessages, ownAgent, signIn, venueDay } from './support';

// Issue 33 point 7 in Chromium: staff at the booking desk (1280 × 800) take a phone booking and
// send the guest a payment link instead of taking a deposit; the guest opens the link from the
// outbox on a 390 × 844 phone, in Spanish, and pays in the built-in test provider; the desk's
// payment links panel turns "Paid online" without a reload (the event stream). Its own location
// (Link Pay Bay, LB) asks a 10.00 deposit by its own rule (decision 300) and its own agent takes
// the booking (decision 277), so nothing the other specs count moves.

const es = guestBookingTexts.es;
const PHONE = { width: 390, height: 844 };
const DESK = { width: 1280, height: 800 };
const LOC = { name: 'LB', fullName: 'Link Pay Bay' };
const NUMBERS = [931, 932, 933, 934];
const AGENT = { user: 'paylinkdesk', name: 'Lina Desk' };

test.describe.configure({ mode: 'serial' });

/** The spec's own location, found again on a second run: four umbrellas, a 10.00 deposit online. */
async function ensureLocation(request: APIRequestContext): Promise<void> {
  const list = await adminCall(request, '/getLocationList');
  if (list.locations.some((l: { name: string }) => l.name === LOC.name)) return;
  await adminCall(request, '/saveLocation', {
    postData: {
      id: '',
      name: LOC.name,
      fullName: LOC.fullName,
      umbrellas: String(NUMBERS.length),
      umbrellaRows: '1',
      bookingPayment: 'deposit',
      bookingDeposit: '10.00',
    },
  });
  const loc = (await adminCall(request, '/getLocationList')).locations.find(
    (l: { name: string }) => l.name === LOC.name,
  );
  const board = await adminCall(request, '/getUnits');
  const units = board.locations.find((l: { id: number }) => l.id === loc.id).units.flat();
  for (const [i, u] of units.entries())
    await adminCall(request, '/saveUmbrellaNumber', {
      unitData: { unitId: u.id, unitNumber: NUMBERS[i], unitType: 'U' },
    });
}

test.beforeAll(async ({ request }) => {
  await ensureLocation(request);
  await ensureAllDayPrice(request, 'Pay Link Umbrella');
  // After the location: the agent works every location there is (an admin), LB included.
  await ownAgent(request, AGENT.user, AGENT.name, 'admin');
});

test('staff send a phone booking a payment link; the guest pays on a phone; the desk shows it paid without a reload', async ({
  browser,
  request,
}) => {
  const day = venueDay(4);
  const desk = await browser.newContext({ viewport: DESK });
  const page = await desk.newPage();
  await signIn(page, AGENT.user);
  await page.goto('/bookings');
  await page.getByTestId('booking-day').fill(day);
  // The location's segment by its label (the radio inside is hidden off-screen by Mantine).
  await page
    .locator('label')
    .filter({ hasText: new RegExp(`^${LOC.name}$`) })
    .click();
  const grid = page.getByTestId('booking-grid');
  // A unit left free by an earlier run (a paid booking keeps its unit).
  const free = grid.locator('.sb-book-unit[data-state="free"]').first();
  await expect(free).toBeVisible();
  const number = await free.getAttribute('data-number');
  await free.click();
  await page.getByTestId('book-selected').click();

  const form = page.getByTestId('booking-form');
  const phone = `305 555 ${String(Date.now()).slice(-4)}`;
  await form.getByLabel('Guest name').fill('Pilar Enlace');
  await form.getByRole('textbox', { name: 'Phone' }).fill(phone);
  await form.getByRole('combobox', { name: 'Deposit paid by' }).click();
  await page.getByRole('option', { name: 'Send a payment link' }).click();
  // With a link nothing is "paid by" at the desk: the field says what the guest will do.
  await expect(form.getByRole('combobox', { name: 'How the guest pays' })).toHaveValue('Send a payment link');
  await expect(
    form.getByText('Online, on the payment page the link opens; nothing is taken at the desk.'),
  ).toBeVisible();
  // The location's own rule: a 10.00 deposit, offered with the whole booking (the day's price); by text.
  const choices = form.getByTestId('pay-link-choices');
  await expect(choices.getByText('Deposit $10.00')).toBeVisible();
  await expect(choices.getByText(/^Whole booking \$\d+\.\d{2}$/)).toBeVisible();
  const spanish = form.locator('label').filter({ hasText: /^Spanish$/ });
  await spanish.scrollIntoViewIfNeeded();
  await spanish.click();
  await form.getByRole('button', { name: 'BOOK AND SEND LINK' }).click();
  await expect(page.getByTestId('booking-form')).toHaveCount(0);

  // The desk's panel: the link waits for the guest.
  const row = page.locator(`[data-testid="pay-link-row"]`).filter({ hasText: 'Pilar Enlace' });
  await expect(row.getByTestId('pay-link-status')).toHaveAttribute('data-state', 'waiting');
  await expect(row.getByTestId('pay-link-state')).toHaveText('Waiting for payment');
  await expect(grid.locator(`[data-number="${number}"]`)).toHaveAttribute('data-state', 'reserved');
  // Its card on the grid waits for the guest's payment: the link's state, no Confirm.
  await grid.locator(`[data-number="${number}"]`).click();
  const card = page.getByRole('dialog').getByTestId('reservation-card');
  await expect(card.getByTestId('reservation-status')).toHaveText('Awaiting payment');
  await expect(card.getByTestId('pay-link-state')).toHaveText('Waiting for payment');
  await expect(card.getByTestId('confirm-booking')).toHaveCount(0);
  await page.keyboard.press('Escape');

  // The text in the outbox, in Spanish, with the amount and the link.
  const recipient = `+1${phone.replace(/\D/g, '')}`;
  let body = '';
  await expect
    .poll(async () => {
      body =
        (await outboxMessages(request)).find((m) => m.recipient === recipient && m.purpose === 'payment-link')?.body ??
        '';
      return body;
    })
    .toContain('Paga 10.00');
  const path = /\/book\/manage\/[A-Za-z0-9_-]{43}/.exec(body)![0];

  // The guest on a phone: the page says how long the spots are held; Pay opens the test provider.
  const guest = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true, locale: 'es-US' });
  const phonePage = await guest.newPage();
  await phonePage.goto(path);
  await expect(phonePage.getByTestId('guest-status')).toHaveText(es.awaitingPayment);
  // Nothing paid yet: no "paid online: 0.00" line.
  await expect(phonePage.getByTestId('guest-paid-line')).toHaveCount(0);
  await expect(phonePage.getByTestId('guest-pay-held')).toContainText(formatMoney('10.00', { locale: 'es-US' }));
  await phonePage.getByTestId('guest-pay-now').tap();
  await expect(phonePage.getByTestId('test-pay-amount')).toHaveText('10.00 USD');
  await phonePage.getByTestId('test-pay-pay').tap();
  await expect(phonePage.getByTestId('guest-paid')).toHaveText(es.paidTitle);
  await expect(phonePage.getByTestId('guest-status')).toHaveText(es.statuses.confirmed);
  await guest.close();

  // The desk, never reloaded: paid.
  await expect(row.getByTestId('pay-link-status')).toHaveAttribute('data-state', 'paid');
  await expect(row.getByTestId('pay-link-state')).toHaveText('Paid online');
  await desk.close();
});
