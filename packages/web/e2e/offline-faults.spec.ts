import { type APIRequestContext, type BrowserContext, type Locator, type Page, expect, test } from '@playwright/test';
import { DEMO_PASSWORD, addAnytimePrices, allDayPrice } from './support';
import { FaultServer } from './fault-server';

// The network-fault suite (issue 23): the Wi-Fi drops mid-shift and mid-sale, with no reload.
// The link goes down two ways: the browser knows (context.setOffline) or it does not (a dead
// access point or a captive portal: requests hang while navigator.onLine stays true, made with
// request interception). Every cash sale ends on the server exactly once, no unit is sold twice,
// the queue empties, and nothing spins for ever. The suite prints its counts at the end.

const server = new FaultServer(Number(process.env.E2E_PORT ?? 3100) + 50);
test.use({ baseURL: server.baseURL });
// The app reloads without a network here: its service worker serves it (blocked elsewhere, playwright.config.ts).
test.use({ serviceWorkers: 'allow' });
// Each test walks whole sales through dropped links on a shared machine: minutes, not seconds.
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const ITEM = 'Fault All Day';
/** A Wyndham package ($0 to Wyndham guests): room charge sales. */
const WYNDHAM = 'Fault Wyndham Package';
const A = 'faulta';
const B = 'faultb';

/** What the closing note reports: sales attempted, queued on a tablet, replayed, arrived. */
const tally = {
  attempted: 0,
  queued: 0,
  savedOnline: 0,
  replayed: 0,
  arrived: 0,
  dropoffsQueued: 0,
  dropoffsReplayed: 0,
  dropoffsArrived: 0,
  longestBusyMs: 0,
  busiest: '',
  /** From COMPLETE SALE to the wizard closed on its outcome, as the test saw it. */
  longestOutcomeMs: 0,
};

test.beforeAll(async () => {
  await server.start();
});

test.afterAll(async () => {
  await server.stop();
  console.log(
    `[offline-faults] sales attempted ${tally.attempted}, queued on a tablet ${tally.queued}, ` +
      `saved online ${tally.savedOnline}, replayed by the server ${tally.replayed}, arrived ${tally.arrived}; ` +
      `drop-offs queued ${tally.dropoffsQueued}, replayed ${tally.dropoffsReplayed}, arrived ${tally.dropoffsArrived}; ` +
      `longest busy control ${(tally.longestBusyMs / 1000).toFixed(1)} s (${tally.busiest || '—'}); ` +
      `longest COMPLETE SALE to outcome ${(tally.longestOutcomeMs / 1000).toFixed(1)} s`,
  );
});

// ---------------------------------------------------------------------------------------------
// Setup through the API

async function token(request: APIRequestContext, username: string): Promise<string> {
  const res = await request.post('/api/auth/login', { data: { username, password: DEMO_PASSWORD } });
  expect(res.ok()).toBeTruthy();
  return (await res.json()).token as string;
}

async function asAdmin(request: APIRequestContext) {
  return { authorization: `Bearer ${await token(request, 'admin')}` };
}

let prepared = false;
async function prepare(request: APIRequestContext) {
  if (prepared) return;
  prepared = true;
  const headers = await asAdmin(request);
  const price = await request.post('/api/savePrice', {
    headers,
    data: {
      postData: allDayPrice(ITEM, '30.00'),
    },
  });
  expect(price.ok(), await price.text()).toBeTruthy();
  const board = await (await request.get('/api/getUnits', { headers })).json();
  const mb = board.locations.find((l: { name: string }) => l.name === 'MB');
  for (const [user, name, initials] of [
    [A, 'Fay Fault', 'FF'],
    [B, 'Flo Fault', 'FL'],
  ]) {
    const res = await request.post('/api/savePeople', {
      headers,
      data: {
        postData: {
          name,
          initials,
          user,
          pass: DEMO_PASSWORD,
          confirmPass: DEMO_PASSWORD,
          locations: String(mb.id),
          admin: '0',
          manager: '0',
          supervisor: '0',
        },
      },
    });
    expect(res.ok(), await res.text()).toBeTruthy();
  }
}

/** Customers recorded at MB `number` today, read by the test through the API. */
async function customersAt(request: APIRequestContext, number: number) {
  const headers = await asAdmin(request);
  const board = await (await request.get('/api/getUnits', { headers })).json();
  const mb = board.locations.find((l: { name: string }) => l.name === 'MB');
  const unit = mb.units.flat().find((u: { unitNumber: number }) => u.unitNumber === number);
  const res = await request.get(`/api/getUnit/${unit.id}`, { headers });
  expect(res.ok()).toBeTruthy();
  return (await res.json()).customers as { customerName: string; state: string }[];
}

// ---------------------------------------------------------------------------------------------
// Tablets

/**
 * Records, in the page, how long any control stays busy (a loading button or a spinner): the
 * issue's "no spinner over 10 s", measured rather than guessed.
 */
const busyMonitor = () => {
  const w = window as unknown as { __busy: { max: number; what: string }; __toasts: string[] };
  w.__busy = { max: 0, what: '' };
  // Every toast shown, in order (they close after 3 s; the test reads them afterwards).
  w.__toasts = [];
  const toasts = new WeakSet<Element>();
  const since = new Map<Element, number>();
  setInterval(() => {
    const now = performance.now();
    for (const el of document.querySelectorAll('.mantine-Notification-root')) {
      if (toasts.has(el)) continue;
      toasts.add(el);
      w.__toasts.push((el.textContent ?? '').trim());
    }
    const busy = new Set(document.querySelectorAll('[data-loading], .mantine-Loader-root'));
    for (const el of busy) if (!since.has(el)) since.set(el, now);
    for (const [el, t0] of since) {
      const d = now - t0;
      if (d > w.__busy.max) {
        w.__busy.max = d;
        const where =
          el.closest('[data-step]')?.getAttribute('data-step') ??
          (el.closest('[role=dialog]') ? 'modal' : location.pathname);
        const what = (el.textContent || el.getAttribute('aria-label') || 'spinner').toString().trim().slice(0, 30);
        w.__busy.what = `${what || 'spinner'} (${where})`;
      }
      if (!busy.has(el)) since.delete(el);
    }
  }, 50);
};

const toastsOf = (page: Page) => page.evaluate(() => (window as unknown as { __toasts: string[] }).__toasts);

interface Tablet {
  context: BrowserContext;
  page: Page;
}

const tablets: Tablet[] = [];

async function tablet(
  browser: import('@playwright/test').Browser,
  user: string,
  opts: { board?: boolean; init?: () => void } = {},
): Promise<Tablet> {
  const context = await browser.newContext({ baseURL: server.baseURL });
  await context.addInitScript(busyMonitor);
  if (opts.init) await context.addInitScript(opts.init);
  const page = await context.newPage();
  if (process.env.E2E_DEBUG) page.on('console', (m) => console.log(`[${user}] ${m.type()}: ${m.text()}`));
  page.on('response', async (res) => {
    if (!res.url().endsWith('/api/saveCustomer') || !res.ok()) return;
    try {
      if ((await res.json()).replayed) tally.replayed++;
    } catch {
      // the body went with the link
    }
  });
  await page.goto('/login');
  await page.getByLabel('Username', { exact: true }).fill(user);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'LOG IN' }).click();
  await expect(page.getByRole('link', { name: 'Log out' })).toBeVisible();
  if (opts.board === false) {
    // A back-office tablet (a supervisor's start page is not the board): signed in is enough.
    const t = { context, page };
    tablets.push(t);
    return t;
  }
  await expect(tile(page, 5)).toBeVisible();
  await page.waitForFunction(() => !!navigator.serviceWorker.controller);
  // The catalogue is kept a little after sign-in: wait until the tablet has it.
  await page.waitForFunction(async () => {
    const dbs = await indexedDB.databases();
    if (!dbs.some((d) => d.name === 'sandbar-offline')) return false;
    return new Promise<boolean>((resolve) => {
      const open = indexedDB.open('sandbar-offline');
      open.onsuccess = () => {
        const req = open.result.transaction('snapshots').objectStore('snapshots').getAllKeys();
        req.onsuccess = () => {
          resolve((req.result as string[]).some((k) => k.includes('saleCatalogue')));
          open.result.close();
        };
      };
      open.onerror = () => resolve(false);
    });
  });
  const t = { context, page };
  tablets.push(t);
  return t;
}

async function closeTablet(t: Tablet) {
  const busy = (await t.page
    .evaluate(() => (window as unknown as { __busy: { max: number; what: string } }).__busy)
    .catch(() => null)) ?? { max: 0, what: '' };
  if (busy.max > tally.longestBusyMs) {
    tally.longestBusyMs = busy.max;
    tally.busiest = busy.what;
  }
  await t.context.close();
}

test.afterEach(async () => {
  for (const t of tablets.splice(0)) await closeTablet(t);
});

const tile = (page: Page, number: number) => page.locator(`[data-location="MB"] [data-number="${number}"]`);

/** The link drops: the browser knows (offline), or requests hang with the browser "online". */
type Drop = 'offline' | 'hang';
async function dropLink(t: Tablet, how: Drop) {
  if (how === 'offline') await t.context.setOffline(true);
  // A dead access point: nothing answers, nothing refuses.
  else await t.context.route('**/api/**', () => undefined);
}
async function restoreLink(t: Tablet) {
  await t.context.setOffline(false);
  await t.context.unrouteAll({ behavior: 'ignoreErrors' });
}

async function openUnit(page: Page, number: number): Promise<Locator> {
  await tile(page, number).click();
  const modal = page.getByRole('dialog');
  await expect(modal.getByRole('tab').first()).toBeVisible();
  return modal;
}

async function sign(page: Page, modal: Locator) {
  const pad = modal.getByTestId('signature-pad');
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.1, box.y + box.height * 0.6);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.4, box.y + box.height * 0.3, { steps: 6 });
  await page.mouse.move(box.x + box.width * 0.7, box.y + box.height * 0.7, { steps: 6 });
  await page.mouse.up();
}

const steps = ['payment', 'equipment', 'name', 'receipt', 'tip', 'signature', 'complete'] as const;
type Step = (typeof steps)[number];

/**
 * A cash sale of MB `number` through every step of the wizard; `before` runs just before the
 * step's CONTINUE (or COMPLETE SALE) is tapped, e.g. to drop the link there. Ends when the modal
 * has closed on the outcome; returns which one it was.
 */
async function sellCash(
  t: Tablet,
  number: number,
  name: string,
  before: (step: Step) => Promise<void> = async () => undefined,
): Promise<'queued' | 'saved'> {
  const { page } = t;
  tally.attempted++;
  const modal = await openUnit(page, number);
  await modal.getByRole('tab', { name: 'New Customer' }).click();
  await expect(modal.getByTestId('sale-wizard')).toBeVisible();
  await before('payment');
  await modal.getByRole('button', { name: 'Cash' }).click();
  await modal.getByRole('button', { name: `${ITEM} — $30.00` }).click();
  await before('equipment');
  await modal.getByRole('button', { name: 'CONTINUE' }).click();
  await modal.getByLabel('Customer Name').fill(name);
  await before('name');
  await modal.getByRole('button', { name: 'CONTINUE' }).click();
  await expect(modal.getByText('Select Receipt Type')).toBeVisible();
  await modal.getByLabel('Mobile number for the receipt').fill('305 555 0170');
  await before('receipt');
  await modal.getByRole('button', { name: 'CONTINUE' }).click();
  await expect(modal.getByText('Select Tip')).toBeVisible();
  await before('tip');
  await modal.getByRole('button', { name: 'CONTINUE' }).click();
  await sign(page, modal);
  await before('signature');
  await modal.getByRole('button', { name: 'CONTINUE' }).click();
  await before('complete');
  const shown = (await toastsOf(page)).length;
  const tapped = Date.now();
  await modal.getByRole('button', { name: 'COMPLETE SALE' }).click();
  try {
    await expect(page.getByRole('dialog')).toHaveCount(0, { timeout: 20_000 });
  } catch (e) {
    // What the tablet showed instead of an outcome: the report needs it more than the timeout.
    const left = await page
      .evaluate(() => [...document.querySelectorAll('[role=dialog]')].map((d) => (d as HTMLElement).innerText))
      .catch(() => []);
    console.log(`[offline-faults] ${name}: a dialog still open ${Date.now() - tapped} ms after COMPLETE SALE:`, left);
    throw e;
  }
  if (Date.now() - tapped > tally.longestOutcomeMs) tally.longestOutcomeMs = Date.now() - tapped;
  const isOutcome = (text: string) => text.startsWith('Sale saved.') || text.startsWith('Saved on this tablet');
  await expect.poll(async () => (await toastsOf(page)).slice(shown).filter(isOutcome)).not.toEqual([]);
  const outcomes = (await toastsOf(page)).slice(shown).filter(isOutcome);
  // One toast per outcome (issue 23).
  expect(outcomes).toHaveLength(1);
  const outcome = outcomes[0]!.startsWith('Saved on this tablet') ? 'queued' : 'saved';
  if (outcome === 'queued') tally.queued++;
  else tally.savedOnline++;
  return outcome;
}

const counter = (page: Page) => page.getByTestId('queue-counter');

// ---------------------------------------------------------------------------------------------

test('the link drops at COMPLETE SALE, no reload: queued with one toast, units still open, arrives once', async ({
  browser,
  request,
}) => {
  await prepare(request);
  const a = await tablet(browser, A);
  const outcome = await sellCash(a, 1, 'Cora Complete', async (step) => {
    if (step === 'complete') {
      await dropLink(a, 'offline');
      await expect(a.page.getByTestId('offline-banner')).toBeVisible();
    }
  });
  expect(outcome).toBe('queued');
  // One toast for one outcome: never "Saved on this tablet…" and then "Sale saved.".
  await expect(a.page.locator('.mantine-Notification-root').filter({ hasText: 'Sale saved.' })).toHaveCount(0);
  await expect(counter(a.page)).toHaveAttribute('data-count', '1');
  await expect(tile(a.page, 1)).toHaveAttribute('data-pending', 'true');

  // Still offline, no reload: another unit opens from the tablet's copy, with its tabs and wizard.
  const other = await openUnit(a.page, 2);
  await other.getByRole('tab', { name: 'New Customer' }).click();
  await expect(other.getByRole('button', { name: 'Cash' })).toBeVisible();
  await a.page.keyboard.press('Escape');
  await expect(a.page.getByRole('dialog')).toHaveCount(0);

  // The pending unit shows its queued customer and offers no new sale.
  const pending = await openUnit(a.page, 1);
  await expect(pending.getByTestId('pending-sale').first()).toContainText('Cora Complete paid $30.00 Cash');
  await expect(pending.getByTestId('sale-wizard')).toHaveCount(0);
  await expect(pending.getByRole('button', { name: 'Mark Occupied' })).toHaveCount(0);
  await pending.getByRole('tab', { name: 'Customers' }).click();
  await expect(pending.getByTestId('pending-sale')).toContainText('Cora Complete');
  await expect(pending.getByRole('button', { name: 'Mark Occupied' })).toHaveCount(0);
  await expect(pending.getByText('No customers on this unit today')).toHaveCount(0);
  await a.page.keyboard.press('Escape');

  await restoreLink(a);
  await expect(counter(a.page)).toHaveAttribute('data-count', '0', { timeout: 20_000 });
  await expect(tile(a.page, 1)).toHaveAttribute('data-status', '2');
  expect((await customersAt(request, 1)).map((c) => c.customerName)).toEqual(['Cora Complete']);
  tally.arrived++;
});

test('a dead access point (requests hang, the browser says online): the sale is queued, not spun', async ({
  browser,
  request,
}) => {
  await prepare(request);
  const a = await tablet(browser, A);
  const outcome = await sellCash(a, 3, 'Hana Hang', async (step) => {
    if (step === 'complete') await dropLink(a, 'hang');
  });
  expect(outcome).toBe('queued');
  await expect(a.page.getByTestId('offline-banner')).toBeVisible();
  // The board opened online still opens units while every request hangs.
  const other = await openUnit(a.page, 4);
  await other.getByRole('tab', { name: 'New Customer' }).click();
  await expect(other.getByRole('button', { name: 'Cash' })).toBeVisible();
  await a.page.keyboard.press('Escape');
  await restoreLink(a);
  await expect(counter(a.page)).toHaveAttribute('data-count', '0', { timeout: 20_000 });
  expect((await customersAt(request, 3)).map((c) => c.customerName)).toEqual(['Hana Hang']);
  tally.arrived++;
});

test('the link drops before each step of the wizard: every sale arrives exactly once', async ({ browser, request }) => {
  test.setTimeout(180_000);
  await prepare(request);
  const a = await tablet(browser, A);
  for (const [i, step] of steps.entries()) {
    const number = 10 + i;
    // The browser knows, except at the receipt check: there the request hangs (a dead access point).
    const how: Drop = step === 'receipt' ? 'hang' : 'offline';
    await sellCash(a, number, `Step ${step}`, async (s) => {
      if (s === step) await dropLink(a, how);
    });
    await restoreLink(a);
    await expect(counter(a.page)).toHaveAttribute('data-count', '0', { timeout: 20_000 });
    await expect(a.page.getByTestId('offline-banner')).toBeHidden({ timeout: 15_000 });
  }
  for (const [i, step] of steps.entries()) {
    expect((await customersAt(request, 10 + i)).map((c) => c.customerName)).toEqual([`Step ${step}`]);
    tally.arrived++;
  }
});

/** The agent's own drop-offs of today on the server, read through the API. */
async function dropoffsOf(request: APIRequestContext, user: string) {
  const res = await request.get('/api/getDropoffReport', {
    headers: { authorization: `Bearer ${await token(request, user)}` },
  });
  expect(res.ok()).toBeTruthy();
  return (await res.json()).dropOffs as { amount: string; notes: string }[];
}

async function dropOff(page: Page, amount: string, notes: string) {
  await page.getByLabel('Drop Off Amount').fill(amount);
  await page.getByLabel('Notes').fill(notes);
  await page.getByRole('button', { name: 'SAVE', exact: true }).click();
}

test('Notes/Drops offline: the last known figures, the queued sale, and a drop-off that arrives once', async ({
  browser,
  request,
}) => {
  await prepare(request);
  const a = await tablet(browser, B);
  expect(await sellCash(a, 20, 'Nora Notes')).toBe('saved');
  tally.arrived++;
  // Notes/Drops was never opened: the tablet kept the figures after the sale all the same.
  await a.page.waitForFunction(async () => {
    return new Promise<boolean>((resolve) => {
      const open = indexedDB.open('sandbar-offline');
      open.onsuccess = () => {
        const req = open.result.transaction('snapshots').objectStore('snapshots').get('["dropoffReport","me"]');
        req.onsuccess = () => {
          resolve(req.result?.data?.overview?.cashTotal === '30.00');
          open.result.close();
        };
      };
      open.onerror = () => resolve(false);
    });
  });

  await dropLink(a, 'offline');
  // A cash sale while offline, then Notes/Drops, without a reload.
  expect(await sellCash(a, 21, 'Olga Offline')).toBe('queued');
  await a.page.getByRole('link', { name: 'Notes/Drops' }).click();
  await expect(a.page.getByTestId('dropoff-offline')).toContainText('figures this tablet last had');
  await expect(a.page.getByTestId('cash-total')).toHaveText('$30.00');
  await expect(a.page.getByTestId('cash-on-hand')).toHaveText('$30.00');
  const queued = a.page.getByTestId('queued-line');
  await expect(queued).toHaveCount(1);
  await expect(queued.first()).toContainText('Olga Offline');
  await expect(queued.first()).toContainText('queued');
  await expect(a.page.getByTestId('cash-on-hand-with-queued')).toContainText('$60.00');
  // What needs the connection is not offered.
  await expect(a.page.getByRole('button', { name: 'PRINT NOTES' })).toHaveCount(0);

  // A drop-off made offline waits in the same queue, after the sale.
  const savedOnTablet = async () =>
    (await toastsOf(a.page)).filter((m) => m.startsWith('Drop-off saved on this tablet')).length;
  await dropOff(a.page, '25', 'offline drop');
  await expect.poll(savedOnTablet).toBe(1);
  await expect(queued).toHaveCount(2);
  await expect(queued.nth(1)).toHaveAttribute('data-kind', 'dropoff');
  await expect(a.page.getByTestId('cash-on-hand-with-queued')).toContainText('$35.00');
  await expect(counter(a.page)).toHaveAttribute('data-count', '2');
  tally.dropoffsQueued++;

  await restoreLink(a);
  await expect(counter(a.page)).toHaveAttribute('data-count', '0', { timeout: 20_000 });
  await expect(a.page.getByTestId('dropoff-offline')).toHaveCount(0);
  await expect(a.page.getByTestId('cash-on-hand')).toHaveText('$35.00');
  await expect(a.page.getByTestId('dropoff-log')).toContainText('offline drop');
  expect((await customersAt(request, 21)).map((c) => c.customerName)).toEqual(['Olga Offline']);
  tally.arrived++;
  expect((await dropoffsOf(request, B)).map((d) => [d.amount, d.notes])).toEqual([['25.00', 'offline drop']]);
  tally.dropoffsArrived++;

  // The answer is lost twice after the server recorded the drop-off (it timed out, then the link
  // reset): the tablet queues it with the same key, and the queued send is the same drop-off.
  let tries = 0;
  await a.context.route('**/api/saveDropoffNotes', async (route) => {
    tries++;
    if (tries === 1) {
      await route.fetch();
      // No answer at all: the tablet's timeout ends it.
      return;
    }
    if (tries === 2) {
      await route.fetch();
      await route.abort('connectionreset');
      return;
    }
    const res = await route.fetch();
    if ((await res.json()).replayed) tally.dropoffsReplayed++;
    await route.fulfill({ response: res });
  });
  const started = Date.now();
  await dropOff(a.page, '5', 'lost answer');
  await expect.poll(savedOnTablet, { timeout: 10_000 }).toBe(2);
  expect(Date.now() - started).toBeLessThan(10_000);
  tally.dropoffsQueued++;
  await expect(counter(a.page)).toHaveAttribute('data-count', '0', { timeout: 20_000 });
  expect(tries).toBeGreaterThanOrEqual(3);
  expect((await dropoffsOf(request, B)).map((d) => d.notes)).toEqual(['lost answer', 'offline drop']);
  tally.dropoffsArrived++;
  await expect(a.page.getByTestId('cash-on-hand')).toHaveText('$30.00');
});

/** The cash on hand of the tablet's kept Notes/Drops once it lists `customer` (null until then). */
const keptCashOnHandWith = (customer: string) =>
  new Promise<string | null>((resolve) => {
    const open = indexedDB.open('sandbar-offline');
    open.onsuccess = () => {
      const req = open.result.transaction('snapshots').objectStore('snapshots').get('["dropoffReport","me"]');
      req.onsuccess = () => {
        const data = req.result?.data;
        const listed = (data?.customers ?? []).some((c: { customerName: string }) => c.customerName === customer);
        resolve(listed ? (data.overview.cashOnHand as string) : null);
        open.result.close();
      };
    };
    open.onerror = () => resolve(null);
  });

// Issue 32: offline, Notes/Drops said "Cash on hand counting these: $40.00" while the tablet had
// sent six more sales since its kept figures. Queued sales sent when the link came back, with
// the screen closed, are not in the kept figures: the screen adds them, marked sent, and says
// from when the figure counts.
test('Notes/Drops offline counts what the tablet sent since its kept figures, not only what waits', async ({
  browser,
  request,
}) => {
  await prepare(request);
  const a = await tablet(browser, A);
  expect(await sellCash(a, 24, 'Sid Since')).toBe('saved');
  tally.arrived++;
  const kept = (await (await a.page.waitForFunction(keptCashOnHandWith, 'Sid Since')).jsonValue()) as string;
  const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;
  const keptCents = Math.round(Number(kept) * 100);

  // Two cash sales queued offline, sent when the link returns; Notes/Drops stays closed.
  await dropLink(a, 'offline');
  expect(await sellCash(a, 25, 'Quinn Queued')).toBe('queued');
  expect(await sellCash(a, 26, 'Quade Queued')).toBe('queued');
  await restoreLink(a);
  await expect(counter(a.page)).toHaveAttribute('data-count', '0', { timeout: 20_000 });
  tally.arrived += 2;
  // The kept figures are still those of Sid's sale: nothing refreshed them with the screen closed.
  console.log(
    `[offline-faults] kept cash on hand after the queue was sent: ${await a.page.evaluate(keptCashOnHandWith, 'Sid Since')} (kept with Sid: ${kept})`,
  );

  // Offline again, one more sale waits on the tablet; then Notes/Drops, without a reload.
  await dropLink(a, 'offline');
  expect(await sellCash(a, 27, 'Wanda Waiting')).toBe('queued');
  await a.page.getByRole('link', { name: 'Notes/Drops' }).click();
  await expect(a.page.getByTestId('dropoff-offline')).toContainText('figures this tablet last had');
  await expect(a.page.getByTestId('cash-on-hand')).toHaveText(money(keptCents));
  const sent = a.page.getByTestId('sent-line');
  await expect(sent).toHaveCount(2);
  await expect(sent.nth(0)).toContainText('Quinn Queued');
  await expect(sent.nth(1)).toContainText('Quade Queued');
  await expect(sent.nth(1)).toContainText('sent');
  await expect(a.page.getByTestId('queued-line')).toHaveCount(1);
  await expect(a.page.getByTestId('queued-line')).toContainText('Wanda Waiting');
  const withTablet = a.page.getByTestId('cash-on-hand-with-queued');
  await expect(withTablet).toContainText(money(keptCents + 3 * 3000));
  await expect(withTablet).toContainText('this tablet’s sales and drop-offs since');

  // Back online: the server's figure is the same amount, and nothing is marked sent any more.
  await restoreLink(a);
  await expect(counter(a.page)).toHaveAttribute('data-count', '0', { timeout: 20_000 });
  tally.arrived++;
  await expect(a.page.getByTestId('dropoff-offline')).toHaveCount(0);
  await expect(a.page.getByTestId('cash-on-hand')).toHaveText(money(keptCents + 3 * 3000));
  await expect(a.page.getByTestId('sent-line')).toHaveCount(0);
});

test('two-tablet conflict: the picker starts empty; seating works from the board, Reports and Notes/Drops', async ({
  browser,
  request,
}) => {
  await prepare(request);
  const a = await tablet(browser, A);
  const b = await tablet(browser, B);
  const units = [30, 31, 32];
  // A sells three units offline; B sells the same three online meanwhile.
  await dropLink(a, 'offline');
  for (const n of units) expect(await sellCash(a, n, `Conflict ${n}`)).toBe('queued');
  for (const n of units) expect(await sellCash(b, n, `Winner ${n}`)).toBe('saved');
  await restoreLink(a);
  await expect(counter(a.page)).toHaveAttribute('data-count', '0', { timeout: 20_000 });
  for (const n of units) {
    expect((await customersAt(request, n)).map((c) => c.customerName)).toEqual([`Winner ${n}`]);
    tally.arrived += 2;
  }

  const seat = async (page: Page, name: string, target: number) => {
    const item = page.getByTestId('attention-item').filter({ hasText: name });
    await expect(item).toBeVisible({ timeout: 15_000 });
    const picker = item.getByRole('combobox', { name: 'Seat on unit' });
    // Nothing chosen for the attendant: empty, and Seat waits for a choice.
    await expect(picker).toHaveValue('');
    await expect(item.getByRole('button', { name: 'Seat' })).toBeDisabled();
    await picker.fill(`MB ${target}`);
    await page.getByRole('option', { name: `MB ${target}`, exact: true }).click();
    await item.getByRole('button', { name: 'Seat' }).click();
    await expect(item).toHaveCount(0);
  };

  // The board: all three wait, each with an empty picker.
  await expect(a.page.getByTestId('attention-item')).toHaveCount(3, { timeout: 15_000 });
  for (const item of await a.page.getByTestId('attention-item').all()) {
    await expect(item.getByRole('combobox', { name: 'Seat on unit' })).toHaveValue('');
  }
  await seat(a.page, 'Conflict 30', 33);
  await expect(tile(a.page, 33)).toHaveAttribute('data-status', '2');

  // Reports, as a supervisor on a third tablet: the rows say who waits unseated; seat from there.
  const s = await tablet(browser, 'supervisor', { board: false });
  await s.page.goto('/dailyreports');
  await s.page.getByTestId('report-buttons').getByRole('button', { name: 'Transactions', exact: true }).click();
  const rows = s.page.getByTestId('report').getByRole('row');
  await expect(rows.filter({ hasText: 'Unseated (offline conflict): Conflict 31' })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'Unseated (offline conflict): Conflict 32' })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'Unseated (offline conflict)' })).toHaveCount(2);
  await seat(s.page, 'Conflict 31', 34);
  await expect(rows.filter({ hasText: 'Unseated (offline conflict)' })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'Unseated (offline conflict): Conflict 32' })).toHaveCount(1);

  // Notes/Drops of the agent who sold offline: Today's Customers marks the one still unseated.
  await a.page.getByRole('link', { name: 'Notes/Drops' }).click();
  const customers = a.page.getByTestId('dropoff-customers');
  const row = (name: string) => customers.getByRole('row').filter({ hasText: name });
  await expect(row('Conflict 32')).toHaveAttribute('data-unseated', 'true');
  await expect(row('Conflict 32')).toContainText('Unseated (offline conflict)');
  await expect(row('Conflict 30')).not.toHaveAttribute('data-unseated', 'true');
  await expect(row('Conflict 30')).toContainText('33');
  await seat(a.page, 'Conflict 32', 35);
  await expect(row('Conflict 32')).not.toHaveAttribute('data-unseated', 'true');
  await expect(row('Conflict 32')).toContainText('35');
  await expect(a.page.getByTestId('needs-attention')).toHaveCount(0);

  for (const [n, name] of [
    [33, 'Conflict 30'],
    [34, 'Conflict 31'],
    [35, 'Conflict 32'],
  ] as const) {
    expect((await customersAt(request, n)).map((c) => c.customerName)).toEqual([name]);
  }
});

// ---------------------------------------------------------------------------------------------
// Card and room charge: never queued, never charged twice

/**
 * The Android wrapper as docs/android-bridge.md describes it, faked in the page: it counts every
 * startCardCharge call and every charge it would really make (one per ourTransactionId while
 * pending or approved, as the wrapper must), and approves a second after the start.
 */
const fakeAndroid = () => {
  const w = window as unknown as {
    __reader: { calls: number; charges: number; byId: Record<string, { at: number; tx: string; cents: number }> };
    Android: unknown;
  };
  w.__reader = { calls: 0, charges: 0, byId: {} };
  w.Android = {
    startCardCharge(request: string) {
      const r = JSON.parse(request) as { ourTransactionId: string; amountCents: number };
      w.__reader.calls++;
      if (!w.__reader.byId[r.ourTransactionId]) {
        w.__reader.charges++;
        w.__reader.byId[r.ourTransactionId] = {
          at: Date.now(),
          tx: `sq_fake_${w.__reader.charges}`,
          cents: r.amountCents,
        };
      }
      return true;
    },
    getCardChargeResult(id: string) {
      const c = w.__reader.byId[id];
      if (!c) return JSON.stringify({ status: 'error', message: 'No such charge' });
      return JSON.stringify(
        Date.now() - c.at > 1000 ? { status: 'approved', transactionId: c.tx } : { status: 'pending' },
      );
    },
    printReceipt() {},
  };
};

const readerOf = (page: Page) =>
  page.evaluate(() => (window as unknown as { __reader: { calls: number; charges: number } }).__reader);

/**
 * saveCustomer reaches the server, but its answer is lost (the server records the sale, the tablet
 * never hears it) while `failing` says so; each time counted.
 */
async function loseSaleAnswers(t: Tablet) {
  const state = { failing: true, lost: 0, replayed: 0 };
  await t.context.route('**/api/saveCustomer', async (route) => {
    const res = await route.fetch();
    if (state.failing) {
      state.lost++;
      await route.abort('connectionreset');
      return;
    }
    if ((await res.json()).replayed) state.replayed++;
    await route.fulfill({ response: res });
  });
  return state;
}

async function setSimulatedReader(request: APIRequestContext, on: boolean) {
  const res = await request.post('/api/saveConfigSettings', {
    headers: await asAdmin(request),
    data: { simulatedReader: on ? '1' : '0' },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
}

test('card: the answer is lost after the reader approved; the wizard stays, says so, and the retry charges once', async ({
  browser,
  request,
}) => {
  await prepare(request);
  await setSimulatedReader(request, false);
  try {
    const a = await tablet(browser, A, { init: fakeAndroid });
    const { page } = a;
    tally.attempted++;
    const modal = await openUnit(page, 40);
    await modal.getByRole('tab', { name: 'New Customer' }).click();
    await modal.getByRole('button', { name: 'Credit Card' }).click();
    await modal.getByRole('button', { name: `${ITEM} — $30.00` }).click();
    await modal.getByRole('button', { name: 'CONTINUE' }).click();
    await modal.getByLabel('Customer Name').fill('Carla Card');
    await modal.getByRole('button', { name: 'CONTINUE' }).click();
    await modal.getByLabel('Mobile number for the receipt').fill('305 555 0170');
    await modal.getByRole('button', { name: 'CONTINUE' }).click();
    await expect(modal.getByText('Select Tip')).toBeVisible();
    await modal.getByRole('button', { name: 'CONTINUE' }).click();
    await sign(page, modal);
    await modal.getByRole('button', { name: 'CONTINUE' }).click();

    const lose = await loseSaleAnswers(a);
    const started = Date.now();
    await modal.getByRole('button', { name: 'Ready to Swipe CC' }).click();
    // Approved by the reader, the save's answer lost: a plain message and a retry, at COMPLETE SALE.
    await expect(modal.getByTestId('card-error')).toContainText('Cannot reach the Sandbar server', {
      timeout: 15_000,
    });
    expect(Date.now() - started).toBeLessThan(12_000);
    await expect(modal.getByTestId('sale-total')).toBeVisible();
    const retry = modal.getByRole('button', { name: 'Try again' });
    await expect(retry).toBeEnabled();
    expect(lose.lost).toBeGreaterThanOrEqual(1);
    // Nothing queued: a card sale is the server's or nobody's.
    await expect(counter(page)).toHaveAttribute('data-count', '0');

    lose.failing = false;
    await retry.click();
    await expect(page.getByRole('dialog')).toHaveCount(0, { timeout: 15_000 });
    expect(lose.replayed).toBe(1);
    tally.savedOnline++;
    // One charge on the reader, one start: the retry sent the wrapper's transaction id, no new swipe.
    expect(await readerOf(page)).toMatchObject({ calls: 1, charges: 1 });
    const customers = await customersAt(request, 40);
    expect(customers.map((c) => c.customerName)).toEqual(['Carla Card']);
    tally.arrived++;
    const mine = await (
      await request.get('/api/getDropoffReport', {
        headers: { authorization: `Bearer ${await token(request, A)}` },
      })
    ).json();
    expect(mine.customers.filter((c: { customerName: string }) => c.customerName === 'Carla Card')).toHaveLength(1);
    // The sale carries the reader's transaction id, once.
    const cards = await (
      await request.get(`/api/getReport/creditCardDaily/${Math.floor(Date.now() / 1000)}`, {
        headers: await asAdmin(request),
      })
    ).json();
    const rows = (cards.reportRows as unknown[][]).filter((r) => r.includes('MB 40'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain('sq_fake_1');
  } finally {
    await setSimulatedReader(request, true);
  }
});

test('room charge: the answer is lost; the wizard stays at COMPLETE SALE with a plain message, the retry saves once', async ({
  browser,
  request,
}) => {
  await prepare(request);
  await addAnytimePrices(request, { umbrella: 'Fault Umbrella', package: WYNDHAM, packagePrice: '30.00' });
  const a = await tablet(browser, A);
  const { page } = a;
  tally.attempted++;
  const modal = await openUnit(page, 41);
  await modal.getByRole('tab', { name: 'New Customer' }).click();
  await modal.getByRole('button', { name: 'Room Charge' }).click();
  await modal.getByRole('button', { name: 'Wyndham' }).click();
  await modal.getByLabel('Last Name').fill('Smith');
  await modal.getByRole('button', { name: 'Use this guest' }).first().click();
  await modal.getByLabel('Room Number').fill('1204');
  await expect(modal.getByTestId('guest-match')).toBeVisible();
  await modal.getByRole('button', { name: 'CONTINUE' }).click();
  await modal.getByRole('button', { name: `${WYNDHAM} — $0.00` }).click();
  await modal.getByRole('button', { name: 'CONTINUE' }).click();
  await expect(modal.getByTestId('step-heading')).toHaveText('Review Order');
  await modal.getByRole('button', { name: 'CONTINUE' }).click();
  await modal.getByRole('button', { name: 'No receipt' }).click();
  await modal.getByRole('button', { name: 'CONTINUE' }).click();
  await expect(modal.getByText('Select Tip')).toBeVisible();
  await modal.getByRole('button', { name: 'CONTINUE' }).click();
  await sign(page, modal);
  await modal.getByRole('button', { name: 'CONTINUE' }).click();

  const lose = await loseSaleAnswers(a);
  const started = Date.now();
  const complete = modal.getByRole('button', { name: 'COMPLETE SALE' });
  await complete.click();
  await expect(modal.getByRole('alert').or(modal.locator('.mantine-Alert-root'))).toContainText(
    'Cannot reach the Sandbar server. Check the connection and try again.',
    { timeout: 12_000 },
  );
  expect(Date.now() - started).toBeLessThan(10_000);
  // Still at COMPLETE SALE, the button ready again: the retry.
  await expect(complete).toBeEnabled();
  await expect(counter(page)).toHaveAttribute('data-count', '0');
  expect(lose.lost).toBeGreaterThanOrEqual(1);

  lose.failing = false;
  await complete.click();
  await expect(page.getByRole('dialog')).toHaveCount(0, { timeout: 15_000 });
  expect(lose.replayed).toBe(1);
  tally.savedOnline++;
  await expect(tile(page, 41)).toHaveAttribute('data-status', '4');
  expect((await customersAt(request, 41)).length).toBe(1);
  tally.arrived++;
});

// ---------------------------------------------------------------------------------------------
// The server restarts; the link is flaky for a whole shift

test('the server restarted in the middle of a sale (the built server, SIGTERM, then start): each sale arrives once', async ({
  browser,
  request,
}) => {
  await prepare(request);
  const a = await tablet(browser, A);

  // SIGTERM while COMPLETE SALE's request is on its way: whichever way it ends, the sale is the
  // server's once (the tablet may have heard nothing and queued it).
  let stopping: Promise<void> | null = null;
  await a.context.route('**/api/saveCustomer', async (route) => {
    stopping ??= server.stop();
    await route.continue().catch(() => undefined);
  });
  const first = await sellCash(a, 45, 'Rita Restart');
  await a.context.unrouteAll({ behavior: 'ignoreErrors' });
  expect(stopping).not.toBeNull();
  await stopping;
  // Down for the whole of the next sale, then started again on the same data.
  expect(await sellCash(a, 46, 'Dora Down')).toBe('queued');
  await server.start();
  await expect(counter(a.page)).toHaveAttribute('data-count', '0', { timeout: 30_000 });
  await expect(a.page.getByTestId('offline-banner')).toBeHidden({ timeout: 15_000 });
  expect((await customersAt(request, 45)).map((c) => c.customerName)).toEqual(['Rita Restart']);
  expect((await customersAt(request, 46)).map((c) => c.customerName)).toEqual(['Dora Down']);
  tally.arrived += 2;
  console.log(`[offline-faults] restart mid-sale: the sale in flight was ${first}`);
  await expect(tile(a.page, 45)).toHaveAttribute('data-status', '2');
  await expect(tile(a.page, 46)).toHaveAttribute('data-status', '2');
});

/** A small seeded generator (mulberry32): the same faults in the same order on every run. */
function seeded(seed: number): () => number {
  let x = seed >>> 0;
  return () => {
    x = (x + 0x6d2b79f5) >>> 0;
    let t = x;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const paths = new Map<string, number>();
/**
 * A flaky link on one tablet: of the API requests, some never reach the server, some reach it and
 * lose their answer, some answer only after the tablet gave up, some are delayed by seconds:
 * 10 % dropped, 8 % answer lost, 4 % answered after 5.5 s, 15 % delayed 0.5-2 s.
 * The live-event stream is left alone (the board's patches are not what is tested here).
 */
async function flakyLink(t: Tablet, seed: number) {
  const random = seeded(seed);
  const faults = { requests: 0, dropped: 0, lostAnswers: 0, late: 0, delayed: 0, on: true };
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  await t.context.route('**/api/**', async (route) => {
    if (route.request().url().includes('/api/events') || !faults.on) return route.continue().catch(() => undefined);
    faults.requests++;
    const path = new URL(route.request().url()).pathname.replace(/\/\d+/g, '/:n');
    paths.set(path, (paths.get(path) ?? 0) + 1);
    const r = random();
    const ms = Math.round(500 + random() * 1500);
    try {
      if (r < 0.1) {
        faults.dropped++;
        await route.abort('internetdisconnected');
      } else if (r < 0.18) {
        faults.lostAnswers++;
        await route.fetch();
        await route.abort('connectionreset');
      } else if (r < 0.22) {
        // The server answers after the tablet's own timeout (5 s an attempt).
        faults.late++;
        const res = await route.fetch();
        await sleep(5500);
        await route.fulfill({ response: res });
      } else if (r < 0.37) {
        faults.delayed++;
        await sleep(ms);
        await route.continue();
      } else {
        await route.continue();
      }
    } catch {
      // the tablet gave up on it, or the test closed the tablet
    }
  });
  return faults;
}

test('a flaky link through a shift of 30 sales on two tablets: every sale once, no unit sold twice, queues empty', async ({
  browser,
  request,
}) => {
  test.setTimeout(Number(process.env.FLAKY_TIMEOUT ?? 420_000));
  await prepare(request);
  const tabletsOf = [await tablet(browser, A), await tablet(browser, B)];
  const faults = await Promise.all(tabletsOf.map((t, i) => flakyLink(t, 20261125 + i)));
  // Each tablet sells its own 15 units, both at once.
  const perTablet = Number(process.env.FLAKY_SALES ?? 15);
  const plan = tabletsOf.map((_, i) => Array.from({ length: perTablet }, (_, k) => 50 + i * 15 + k));
  const outcomes = await Promise.all(
    tabletsOf.map(async (t, i) => {
      const got: string[] = [];
      for (const n of plan[i]!) got.push(await sellCash(t, n, `Flaky ${n}`));
      return got;
    }),
  );
  for (const f of faults) f.on = false;
  for (const t of tabletsOf) {
    await expect(counter(t.page)).toHaveAttribute('data-count', '0', { timeout: 60_000 });
  }
  const headers = await asAdmin(request);
  const board = await (await request.get('/api/getUnits', { headers })).json();
  const mb = board.locations.find((l: { name: string }) => l.name === 'MB');
  const byNumber = new Map<number, { id: number }>(
    mb.units.flat().map((u: { unitNumber: number; id: number }) => [u.unitNumber, u]),
  );
  for (const n of plan.flat()) {
    const res = await request.get(`/api/getUnit/${byNumber.get(n)!.id}`, { headers });
    const customers = (await res.json()).customers as { customerName: string }[];
    // Sold once: one customer, this sale's.
    expect(
      customers.map((c) => c.customerName),
      `MB ${n}`,
    ).toEqual([`Flaky ${n}`]);
    tally.arrived++;
  }
  // And nowhere else: each agent's day holds each of its sales exactly once.
  for (const [i, user] of [A, B].entries()) {
    const day = await (
      await request.get('/api/getDropoffReport', { headers: { authorization: `Bearer ${await token(request, user)}` } })
    ).json();
    const names = (day.customers as { customerName: string }[])
      .map((c) => c.customerName)
      .filter((n) => n.startsWith('Flaky '));
    expect(names.sort()).toEqual(plan[i]!.map((n) => `Flaky ${n}`).sort());
  }
  const f = faults.reduce(
    (s, x) => ({
      requests: s.requests + x.requests,
      dropped: s.dropped + x.dropped,
      lostAnswers: s.lostAnswers + x.lostAnswers,
      late: s.late + x.late,
      delayed: s.delayed + x.delayed,
    }),
    { requests: 0, dropped: 0, lostAnswers: 0, late: 0, delayed: 0 },
  );
  console.log(
    `[offline-faults] flaky shift: ${outcomes.flat().length} sales (${outcomes.flat().filter((o) => o === 'queued').length} queued), ` +
      `${f.requests} requests: ${f.dropped} dropped, ${f.lostAnswers} answers lost, ${f.late} answered too late, ` +
      `${f.delayed} delayed 0.5-2 s; most asked: ` +
      [...paths.entries()]
        .sort((x, y) => y[1] - x[1])
        .slice(0, 5)
        .map(([p, n]) => `${p} ${n}`)
        .join(', '),
  );
});
