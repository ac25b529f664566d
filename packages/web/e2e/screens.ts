import { type APIRequestContext, type Page, expect } from '@playwright/test';
import { DEMO_PASSWORD, apiToken, ensureAllDayPrice, openBookings, signIn, signOut, venueDay } from './support';

// Issue 26: one walk over every screen staff and guests see, as admin, supervisor and staff,
// with a check (touch sizes, clipped text, axe) run at each stop. every-screen.spec walks it at
// 390 × 844 and 1280 × 800 with every check, so a new screen added here is measured both ways.

export type Check = (page: Page, screen: string) => Promise<void>;

// Not a name that contains another price's ("All Day Umbrella"): specs share the main server and
// pick prices by accessible name.
export const WALK_ITEM = 'Screen Walk Umbrella';
/** An agent of the walk's own, so other specs' drop-off totals of the demo users stay as they expect. */
export const WALK_AGENT = 'walkagent';

async function settle(page: Page) {
  await page.waitForLoadState('networkidle', { timeout: 3000 }).catch(() => undefined);
  await expect(page.getByText('Loading…')).toHaveCount(0);
}

/**
 * An all-day price, the walk's agent and two of its cash sales on `units` of MB (one with a tip),
 * so that reports have rows with every action. Safe to run again (it adds nothing twice).
 */
export async function prepareWalk(
  request: APIRequestContext,
  units: [number, number] | [number, number, number],
): Promise<void> {
  const admin = { authorization: `Bearer ${await apiToken(request, 'admin')}` };
  await ensureAllDayPrice(request, WALK_ITEM);
  const board = await (await request.get('/api/getUnits', { headers: admin })).json();
  const mb = board.locations.find((l: { name: string }) => l.name === 'MB');
  const people = await (await request.get('/api/getPeopleList', { headers: admin })).json();
  const known = JSON.stringify(people).includes(`"${WALK_AGENT}"`);
  if (!known) {
    const res = await request.post('/api/savePeople', {
      headers: admin,
      data: {
        postData: {
          name: 'Walt Walker',
          initials: 'WW',
          user: WALK_AGENT,
          pass: DEMO_PASSWORD,
          confirmPass: DEMO_PASSWORD,
          locations: String(mb.id),
          admin: '0',
          manager: '0',
          supervisor: '0',
        },
      },
    });
    // 409: another spec's walk (a11y and touch start together) added the agent a moment ago.
    expect([200, 400, 409]).toContain(res.status());
  }
  await prepareWalkBookings(request, mb);
  const agent = { authorization: `Bearer ${await apiToken(request, WALK_AGENT)}` };
  const prices = (await (await request.get('/api/getPriceList', { headers: admin })).json()).prices;
  const priceId = prices.find((p: { name: string }) => p.name === WALK_ITEM).id;
  const all = mb.units.flat() as { id: number; unitNumber: number; unitStatus: number }[];
  for (const n of units.slice(0, 2)) {
    const unit = all.find((u) => u.unitNumber === n)!;
    if (unit.unitStatus !== 0) continue;
    const r = await request.post('/api/saveCustomer', {
      headers: agent,
      data: {
        customerData: {
          ourTransactionId: crypto.randomUUID(),
          unitId: unit.id,
          selectedUnit: priceId,
          orderTotal: '30.00',
          customerName: `Walk Guest ${n}`,
          receiptType: 'phone',
          customerPhone: '305 555 0126',
          paymentMethod: 'Cash',
          tipAmount: n === units[1] ? '5' : '0',
        },
      },
    });
    expect(r.ok(), await r.text()).toBeTruthy();
  }
  // Issue 32: a third sale, deleted by the admin: All Transactions has a deleted row (its View and
  // Restore) and the agent's Notes/Drops a correction line with its badge.
  const deleted = units[2] === undefined ? undefined : all.find((u) => u.unitNumber === units[2]);
  if (deleted && deleted.unitStatus === 0) {
    const r = await request.post('/api/saveCustomer', {
      headers: agent,
      data: {
        customerData: {
          ourTransactionId: crypto.randomUUID(),
          unitId: deleted.id,
          selectedUnit: priceId,
          orderTotal: '30.00',
          customerName: `Walk Deleted ${units[2]}`,
          receiptType: 'none',
          paymentMethod: 'Cash',
          tipAmount: '0',
        },
      },
    });
    expect(r.ok(), await r.text()).toBeTruthy();
    const gone = await request.post('/api/deleteTransaction', {
      headers: admin,
      data: { deleteId: (await r.json()).saleId, reason: 'Walk: rang up twice' },
    });
    expect(gone.ok(), await gone.text()).toBeTruthy();
  }
}

/** The day of the walk's bookings (issue 32): a unit reserved for the day and one for its morning. */
export const WALK_BOOKING_DAY = venueDay(4);

/** Books MB 58 for the day and MB 59 for the morning of WALK_BOOKING_DAY, once (a second run finds them). */
async function prepareWalkBookings(request: APIRequestContext, mb: { units: { id: number; unitNumber: number }[][] }) {
  const admin = { authorization: `Bearer ${await apiToken(request, 'admin')}` };
  const unit = (n: number) => mb.units.flat().find((u) => u.unitNumber === n)!.id;
  for (const [n, window, guestName] of [
    [58, 'full', 'Rita Walker'],
    [59, 'morning', 'Mona Morning'],
  ] as const) {
    const res = await request.post('/api/saveReservation', {
      headers: admin,
      data: {
        unitIds: [unit(n)],
        days: [WALK_BOOKING_DAY],
        window,
        guestName,
        phone: `305 555 02${n}`,
        email: '',
        partySize: 2,
        arrival: '',
        notes: '',
        channel: 'phone',
        sendConfirmation: false,
      },
    });
    expect([200, 409], await res.text()).toContain(res.status());
  }
}

const reportButton = (page: Page, name: string) =>
  page.getByTestId('report-buttons').getByRole('button', { name, exact: true });

async function openReport(page: Page, name: string) {
  await reportButton(page, name).click();
  await expect(page.getByTestId('report-title')).toBeVisible();
  await settle(page);
}

/** The signed-out screens: login, its errors. */
export async function walkSignedOut(page: Page, check: Check): Promise<void> {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'LOG IN' })).toBeVisible();
  await check(page, 'login');
  await page.getByRole('button', { name: 'LOG IN' }).click();
  await check(page, 'login with errors');
}

/** Every admin screen: board, search, notes, each report and its dialogs, config and admin lists and forms. */
export async function walkAdmin(page: Page, check: Check, opts: { phone: boolean }): Promise<void> {
  await signIn(page, 'admin');
  await expect(page.locator('[data-location="MB"]')).toBeVisible();
  await check(page, 'board');
  if (opts.phone) {
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await check(page, 'navigation menu');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  }
  await page.goto('/search?searchTerm=MB');
  await expect(page.getByRole('heading', { name: 'Search' })).toBeVisible();
  await settle(page);
  await check(page, 'search');
  await page.goto('/no/such/page');
  await check(page, '404');

  await page.goto('/dailyreports');
  await expect(page.getByTestId('report-buttons')).toBeVisible();
  await check(page, 'reports');
  await openReport(page, 'All Transaction');
  const rows = page.getByTestId('report').locator('tbody tr:not([data-deleted])');
  await expect(rows.filter({ hasText: 'Walt Walker' }).first()).toBeVisible();
  await expect(page.getByTestId('report').locator('tbody tr[data-deleted]').first()).toBeVisible();
  await check(page, 'report: all transactions');
  // Row actions and their dialogs, on a row of the walk's own sales.
  const row = rows.filter({ hasText: 'Walt Walker' }).first();
  await row.getByRole('button', { name: 'View' }).click();
  await expect(page.getByTestId('transaction-detail')).toBeVisible();
  await check(page, 'report: view transaction');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await row.getByRole('button', { name: 'Edit Price' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await check(page, 'report: edit price');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await row.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await check(page, 'report: delete with a reason');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.getByRole('button', { name: 'Add / View Subscribers' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await check(page, 'report: subscribers');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  for (const name of ['By Agent', 'Credit Card', 'Move', 'User Log']) {
    await openReport(page, name);
    await check(page, `report: ${name}`);
  }
  await page.getByTestId('user-log').getByRole('button').first().click();
  await check(page, 'report: user log, expanded');
  await reportButton(page, 'Hotels').click();
  await expect(page.getByTestId('hotels-view')).toBeVisible();
  await check(page, 'report: hotels');
  await page.getByTestId('hotels-view').getByRole('button').first().click();
  await expect(page.getByTestId('report-title')).toBeVisible();
  await settle(page);
  await check(page, "report: a hotel's room charges");
  await reportButton(page, 'Search').click();
  await expect(page.getByTestId('search-form')).toBeVisible();
  await check(page, 'report: search form');
  await page
    .getByTestId('search-form')
    .getByRole('combobox', { name: 'Report' })
    .selectOption({ label: 'Daily Totals' });
  await page.getByTestId('search-form').getByRole('button', { name: 'Search' }).click();
  await expect(page.getByTestId('report-title')).toContainText('Daily Totals');
  await check(page, 'report: search results');

  const screens: [string, string][] = [
    ['/notes', 'notes/drops'],
    ['/bookings', 'bookings'],
    ['/config', 'config'],
    ['/config/outbox', 'outbox'],
    ['/config/people', 'people'],
    ['/config/people/add', 'person form'],
    ['/config/locations', 'locations'],
    ['/config/location/add', 'location form'],
    ['/config/prices', 'prices'],
    ['/config/price/add', 'price form'],
    ['/config/hotels', 'hotels'],
    ['/config/hotel/add', 'hotel form'],
    ['/config/postings', 'postings to the hotels'],
    ['/config/log-details', 'log details'],
    ['/config/log-details/add', 'log detail form'],
    ['/config/daily-log', 'daily log'],
    ['/config/reports', 'reports config'],
  ];
  for (const [url, screen] of screens) {
    await page.goto(url);
    await expect(page.getByRole('main')).toBeVisible();
    await settle(page);
    await check(page, screen);
  }
  for (const [url, screen] of [
    ['/config/people', 'person edit'],
    ['/config/locations', 'location edit'],
    ['/config/prices', 'price edit'],
    ['/config/hotels', 'hotel edit'],
    ['/config/log-details', 'log detail edit'],
    ['/config/reports', 'reports config edit'],
  ] as const) {
    await page.goto(url);
    await settle(page);
    await page.locator('main a[href*="/edit/"]').first().click();
    await expect(page).toHaveURL(/\/edit\//);
    await settle(page);
    await check(page, screen);
  }
  await page.goto('/config/people/add');
  await page.getByRole('button', { name: /save/i }).first().click();
  await check(page, 'person form with errors');

  // Issue 32: the booking grid with a unit reserved for the day and one for the morning, and the
  // booking form (its counts' − and +, the deposit, the confirmation's language).
  await openBookings(page, WALK_BOOKING_DAY);
  await expect(page.locator('[data-testid="booking-grid"] [data-number="58"]')).toHaveAttribute(
    'data-state',
    'reserved',
  );
  await check(page, 'bookings with reserved units');
  await page.locator('[data-testid="booking-grid"] [data-number="57"]').click();
  await page.getByTestId('book-selected').click();
  await expect(page.getByTestId('booking-form')).toBeVisible();
  await check(page, 'booking form');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

/** The supervisor's reports (day navigation differs) and the staff member's board and notes. */
export async function walkOthers(page: Page, check: Check): Promise<void> {
  await signIn(page, 'supervisor');
  await page.goto('/dailyreports');
  await expect(page.getByTestId('report-buttons')).toBeVisible();
  await check(page, 'reports (supervisor)');
  for (const name of ['Location', 'Agent', 'Hourly', 'Transactions']) {
    await openReport(page, name);
    await check(page, `report: ${name} (supervisor)`);
  }
  await page.goto('/notes');
  await settle(page);
  await check(page, 'notes/drops (supervisor)');
  await signOut(page);
  await signIn(page, WALK_AGENT);
  await expect(page.locator('[data-location="MB"]')).toBeVisible();
  await check(page, 'board (staff)');
  await page.goto('/notes');
  await settle(page);
  await expect(page.getByText(/Walk Guest/).first()).toBeVisible();
  await check(page, 'notes/drops (staff)');

  // Issue 32: Notes/Drops offline with a drop-off waiting on the tablet, and the top bar's queue
  // badge; then the link returns and the drop-off is sent.
  await page.context().setOffline(true);
  await expect(page.getByTestId('dropoff-offline')).toBeVisible();
  await page.getByLabel('Drop Off Amount').fill('1');
  await page.getByLabel('Notes').fill('walk offline');
  await page.getByRole('button', { name: 'SAVE', exact: true }).click();
  await expect(page.getByTestId('queued-line')).toHaveCount(1);
  await expect(page.getByTestId('queue-counter')).toBeVisible();
  await check(page, 'notes/drops offline, a drop-off queued');
  await page.context().setOffline(false);
  await expect(page.getByTestId('queue-counter')).toHaveAttribute('data-count', '0', { timeout: 20_000 });
}

/**
 * Issue 32: the guest's page in every state — the day's grid, the waitlist form, the details form
 * and its errors, "booked!", the manage page, its cancel question and the cancelled booking. Each
 * caller books its own unit and phone (the walks run side by side).
 */
export async function walkGuest(page: Page, check: Check, o: { unit: number; phone: string }): Promise<void> {
  await page.goto('/book');
  await page.getByTestId('guest-day').fill(WALK_BOOKING_DAY);
  const grid = page.getByTestId('guest-grid');
  await expect(grid).toBeVisible();
  await settle(page);
  await check(page, 'guest page');
  await page.getByTestId('guest-waitlist-open').click();
  await expect(page.getByTestId('guest-waitlist-form')).toBeVisible();
  await check(page, 'guest page: waitlist form');
  await grid.locator(`[data-number="${o.unit}"]`).click();
  const form = page.getByTestId('guest-form');
  await expect(form).toBeVisible();
  await check(page, 'guest page: details');
  await page.getByTestId('guest-book').click();
  await expect(form.locator('.gb-error').first()).toBeVisible();
  await check(page, 'guest page: details with errors');
  await page.getByTestId('guest-name').fill('Gail Walker');
  await page.getByTestId('guest-contact').fill(o.phone);
  await page.getByTestId('guest-accept').check();
  await page.getByTestId('guest-book').click();
  await expect(page.getByTestId('guest-done')).toBeVisible();
  await check(page, 'guest page: booked');
  await page.getByTestId('guest-manage-link').click();
  await expect(page.getByTestId('guest-status')).toBeVisible();
  await check(page, 'guest manage page');
  await page.getByTestId('guest-cancel').click();
  await expect(page.getByTestId('guest-cancel-yes')).toBeVisible();
  await check(page, 'guest manage page: cancel?');
  await page.getByTestId('guest-cancel-yes').click();
  await expect(page.getByTestId('guest-cancelled')).toBeVisible();
  await check(page, 'guest manage page: cancelled');
}

/**
 * Needs attention as a staff member sees it: the server's list is answered by the test (making
 * a real conflict takes two tablets and an outage; offline.spec.ts does that), the screen is real.
 */
export async function walkNeedsAttention(page: Page, request: APIRequestContext, check: Check): Promise<void> {
  const admin = { authorization: `Bearer ${await apiToken(request, 'admin')}` };
  const board = await (await request.get('/api/getUnits', { headers: admin })).json();
  const mb = board.locations.find((l: { name: string }) => l.name === 'MB');
  await page.route('**/api/getNeedsAttention', (route) =>
    route.fulfill({
      json: {
        items: [
          {
            id: 1,
            saleId: 1,
            customerId: 1,
            day: new Date().toISOString().slice(0, 10),
            promisedUnitId: 1,
            customerName: 'Ann Waiting',
            amount: '30.00',
            paymentMethod: 'Cash',
            takenAt: Date.now(),
            takenBy: 'Walt Walker',
            promisedUnit: 'MB 26',
            locationId: mb.id,
          },
        ],
      },
    }),
  );
  await signIn(page, WALK_AGENT);
  await expect(page.getByTestId('attention-item')).toBeVisible();
  await check(page, 'needs attention');
  await page.unroute('**/api/getNeedsAttention');
}

/** The public receipt of one of the walk's sales (the link its text message carries). */
export async function walkReceipt(page: Page, request: APIRequestContext, check: Check): Promise<void> {
  const token = await apiToken(request, 'admin');
  const res = await request.get('/api/getOutbox', { headers: { authorization: `Bearer ${token}` } });
  const messages = (await res.json()).messages as { purpose: string; recipient: string; body: string }[];
  const receipt = messages.find((m) => m.purpose === 'receipt' && m.recipient === '3055550126');
  const url = /https?:\/\/\S+\/receipt\/[A-Za-z0-9_-]+/.exec(receipt!.body)![0];
  await page.goto(url);
  await expect(page.getByRole('heading', { name: 'Receipt' })).toBeVisible();
  await check(page, 'public receipt');
}

/**
 * Issue 35's screens: the guest's order page on a unit the walk sold (menu, an item's choices, the
 * cart; in English, then in Spanish by its switch), the bar's screen and the runner's view each
 * with a ticket of the walk's own (two staff orders on the unit's tab, one bumped to ready), Admin →
 * Menu with an item's form open, the QR sheet, and the F&B report as the supervisor. Nothing is
 * placed from the guest's page (its per-address order limit is shared by every spec).
 */
export async function walkFnb(
  page: Page,
  request: APIRequestContext,
  check: Check,
  o: { unit: number },
): Promise<void> {
  const admin = { authorization: `Bearer ${await apiToken(request, 'admin')}` };
  const board = await (await request.get('/api/getUnits', { headers: admin })).json();
  const mb = board.locations.find((l: { name: string }) => l.name === 'MB');
  const unit = (mb.units.flat() as { id: number; unitNumber: number }[]).find((u) => u.unitNumber === o.unit)!;
  const codes = await (await request.get(`/api/getFnbUnitCodes?locationId=${mb.id}`, { headers: admin })).json();
  const url = codes.codes.find((c: { unitId: number }) => c.unitId === unit.id).url as string;
  const menu = await (await request.get('/api/getFnbMenu', { headers: admin })).json();
  const beer = menu.items.find((i: { name: string }) => i.name === 'Beer');
  const agent = { authorization: `Bearer ${await apiToken(request, WALK_AGENT)}` };
  const order = async () => {
    const r = await request.post('/api/saveFnbOrder', {
      headers: agent,
      data: {
        clientOrderId: crypto.randomUUID(),
        unitId: unit.id,
        lines: [{ itemId: beer.id, quantity: 1 }],
        totalCents: beer.priceCents,
        payment: 'tab',
      },
    });
    expect(r.ok(), await r.text()).toBeTruthy();
    return (await r.json()).order as { id: number };
  };
  await order();
  const ready = await order();
  for (let i = 0; i < 2; i++) {
    const r = await request.post('/api/bumpFnbOrder', { headers: agent, data: { orderId: ready.id, station: 'bar' } });
    expect(r.ok(), await r.text()).toBeTruthy();
  }

  // The guest's page: menu, an item with choices, the cart; English, then Spanish.
  await page.goto(new URL(url).pathname);
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.getByTestId('guest-menu')).toBeVisible();
  await check(page, 'order page: menu (English)');
  await page.getByRole('button', { name: 'Add Mojito' }).click();
  await expect(page.getByTestId('item-sheet')).toBeVisible();
  await check(page, 'order page: item (English)');
  await page
    .getByTestId('item-sheet')
    .getByRole('button', { name: /^Add — / })
    .click();
  await page.getByRole('button', { name: /^View order/ }).click();
  await expect(page.getByTestId('guest-cart')).toBeVisible();
  await check(page, 'order page: cart (English)');
  await page.getByRole('button', { name: 'Español' }).click();
  await expect(page.getByRole('heading', { name: 'Tu pedido', level: 2 })).toBeVisible();
  await page.getByLabel('Añadir a la cuenta de este sitio').check();
  await check(page, 'order page: cart, the tab (Spanish)');
  await page.getByRole('button', { name: 'Carta' }).click();
  await expect(page.getByTestId('guest-menu')).toBeVisible();
  await check(page, 'order page: menu (Spanish)');

  // Admin → Menu, an item's form, the QR sheet.
  await signIn(page, 'admin');
  await page.goto('/config/menu');
  await expect(page.getByTestId('menu-item').first()).toBeVisible();
  await check(page, 'Admin → Menu');
  await page.getByTestId('menu-item').filter({ hasText: 'Mojito' }).getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByTestId('item-form')).toBeVisible();
  await check(page, 'Admin → Menu: item form');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('item-form')).toHaveCount(0);
  await page.goto('/config/menu/qr');
  await expect(page.getByTestId('qr-card').first()).toBeVisible();
  await check(page, 'QR sheet');
  await signOut(page);

  // The bar's screen and the runner's view, each with the walk's ticket.
  await signIn(page, WALK_AGENT);
  await page.goto('/stations/bar');
  await expect(
    page
      .getByTestId('station-ticket')
      .filter({ hasText: `MB ${o.unit}` })
      .first(),
  ).toBeVisible();
  await check(page, 'station screen (bar)');
  await page.goto('/stations/runner');
  await expect(page.getByTestId('runner-order').filter({ hasText: `#${ready.id} ` })).toBeVisible();
  await check(page, 'runner view');
  await signOut(page);

  // The F&B report as the supervisor.
  await signIn(page, 'supervisor');
  await page.goto('/dailyreports/fnb');
  await expect(page.getByTestId('fnb-voids')).toBeVisible();
  await check(page, 'F&B report (supervisor)');
}
