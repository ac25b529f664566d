import fs from 'node:fs';
import { createRequire } from 'node:module';
import { type APIRequestContext, type Locator, type Page, expect } from '@playwright/test';

export const DEMO_PASSWORD = 'sandbar-demo';

/** Signs in through the real login screen and waits for the landing page. */
export async function signIn(page: Page, username: string, opts: { av?: string } = {}): Promise<void> {
  await page.goto(opts.av ? `/login?AV=${opts.av}` : '/login');
  await page.getByLabel('Username', { exact: true }).fill(username);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'LOG IN' }).click();
  await expect(page.getByRole('link', { name: 'Log out' })).toBeVisible();
}

/**
 * A user of the spec's own, created on the first call (later calls, and the `postgres` project's
 * second run, find it). Every spec shares one demo server, so money a spec takes as a demo user
 * (a sale, a deposit, a drop-off) lands on that user's Notes/Drops, which another spec may be
 * counting: a spec takes money only as its own agent (`src/e2e-isolation.test.ts` fails otherwise).
 * `admin` keeps an admin's screens (every location); `user` sees the first location (MB), as the
 * demo `staff` does. The password is the demo's. Returns the username.
 */
export async function ownAgent(
  request: APIRequestContext,
  user: string,
  name: string,
  role: 'admin' | 'user' = 'admin',
): Promise<string> {
  const admin = { authorization: `Bearer ${await apiToken(request, 'admin')}` };
  const people = await (await request.get('/api/getPeopleList', { headers: admin })).json();
  if (JSON.stringify(people).includes(`"${user}"`)) return user;
  const board = await (await request.get('/api/getUnits', { headers: admin })).json();
  const locations = board.locations as { id: number; name: string }[];
  const res = await request.post('/api/savePeople', {
    headers: admin,
    data: {
      postData: {
        name,
        initials: name
          .split(' ')
          .map((w) => w[0])
          .join('')
          .slice(0, 3),
        user,
        pass: DEMO_PASSWORD,
        confirmPass: DEMO_PASSWORD,
        locations:
          role === 'admin' ? locations.map((l) => l.id).join(',') : String(locations.find((l) => l.name === 'MB')!.id),
        admin: role === 'admin' ? '1' : '0',
        manager: '0',
        supervisor: '0',
      },
    },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  return user;
}

/** Signs out by the top bar's power icon and waits for the login screen. */
export async function signOut(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Log out' }).click();
  await expect(page.getByLabel('Username', { exact: true })).toBeVisible();
}

/** A token for API calls made by the test itself (e.g. reading the outbox as admin). */
export async function apiToken(request: APIRequestContext, username: string): Promise<string> {
  const res = await request.post('/api/auth/login', { data: { username, password: DEMO_PASSWORD } });
  expect(res.ok()).toBeTruthy();
  return (await res.json()).token as string;
}

export async function outboxMessages(
  request: APIRequestContext,
): Promise<{ id: number; purpose: string; recipient: string; body: string; subject: string | null }[]> {
  const token = await apiToken(request, 'admin');
  const res = await request.get('/api/getOutbox', { headers: { authorization: `Bearer ${token}` } });
  expect(res.ok()).toBeTruthy();
  return (await res.json()).messages;
}

/** Issue 12, thumb-sized: a target at least 48 px high and 8 px clear of its neighbours. */
export const MIN_TARGET = 48;
export const MIN_GAP = 8;

/** What counts as something to tap. */
const TAPPABLE = 'button, a[href], input:not([type="hidden"]), textarea, select, [role="tab"], [role="option"]';

interface Measured {
  name: string;
  x: number;
  y: number;
  width: number;
  height: number;
  /** The width of the box it sits in (a full-width button may be narrower than 48 only if that is). */
  parentWidth: number;
}

/**
 * Every visible tappable element under `scope`, measured, with the pairs of them closer than
 * MIN_GAP (in both directions at once, so neither beside nor above the other with a clear gap).
 */
async function measureTargets(scope: Locator, only?: string): Promise<{ targets: Measured[]; crowded: string[] }> {
  return scope.evaluate(
    (root, { selector, gap, only }) => {
      const visible = (el: Element) => {
        const r = el.getBoundingClientRect();
        const st = getComputedStyle(el);
        return r.width > 0 && r.height > 0 && st.visibility !== 'hidden' && st.display !== 'none';
      };
      const els = [...root.querySelectorAll(selector)].filter(visible);
      const name = (el: Element) =>
        `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? (el as HTMLElement).innerText ?? '').trim().slice(0, 40)}"`;
      const targets = els.map((el) => {
        const r = el.getBoundingClientRect();
        const parent = el.parentElement?.getBoundingClientRect();
        return { name: name(el), x: r.x, y: r.y, width: r.width, height: r.height, parentWidth: parent?.width ?? 0 };
      });
      // A target scrolled under the modal's sticky header cannot be tapped where it is: not a neighbour.
      const covered = (el: Element) => {
        const r = el.getBoundingClientRect();
        const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
        return hit !== null && !el.contains(hit) && !hit.contains(el);
      };
      const open = els.map((el) => !covered(el));
      const crowded: string[] = [];
      for (let i = 0; i < els.length; i++) {
        for (let j = i + 1; j < els.length; j++) {
          const a = els[i]!;
          const b = els[j]!;
          if (a.contains(b) || b.contains(a) || !open[i] || !open[j]) continue;
          if (only && !a.matches(only) && !b.matches(only)) continue;
          const ra = a.getBoundingClientRect();
          const rb = b.getBoundingClientRect();
          const dx = Math.max(0, rb.left - ra.right, ra.left - rb.right);
          const dy = Math.max(0, rb.top - ra.bottom, ra.top - rb.bottom);
          if (Math.max(dx, dy) < gap - 0.5)
            crowded.push(`${name(a)} and ${name(b)}: ${Math.max(dx, dy).toFixed(1)} px apart`);
        }
      }
      return { targets, crowded };
    },
    { selector: TAPPABLE, gap: MIN_GAP, only },
  );
}

const tooSmall = (t: Measured) =>
  t.height < MIN_TARGET - 0.5 || (t.width < MIN_TARGET - 0.5 && t.width < t.parentWidth - 1);

/**
 * Asserts that every visible button, link, tab and input under `scope` (the unit modal, say) is
 * at least 48 px high (and 48 px wide unless it fills its box) and 8 px clear of the others.
 */
export async function expectTouchSized(scope: Locator, where: string): Promise<void> {
  const { targets, crowded } = await measureTargets(scope);
  expect(targets.length, `${where}: something to tap`).toBeGreaterThan(0);
  const small = targets.filter(tooSmall).map((t) => `${t.name}: ${t.width.toFixed(0)} × ${t.height.toFixed(0)}`);
  expect(small, `${where}: targets under ${MIN_TARGET} px`).toEqual([]);
  expect(crowded, `${where}: targets closer than ${MIN_GAP} px`).toEqual([]);
}

/**
 * Taps `target` (a touch tap when the context has touch, else a click) after checking that it is
 * thumb-sized: at least 48 px high, 48 px wide or as wide as its box, and 8 px clear of every
 * other target in `scope` (the dialog it is in; by default the page; null to skip that check).
 */
export async function tapTarget(target: Locator, scope?: Locator | null): Promise<void> {
  await target.scrollIntoViewIfNeeded();
  await expect(target).toBeVisible();
  const me = await target.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return {
      x: r.x,
      y: r.y,
      width: r.width,
      height: r.height,
      parentWidth: el.parentElement?.getBoundingClientRect().width ?? 0,
    };
  });
  const label = (await target.getAttribute('aria-label')) ?? (await target.innerText()).trim();
  expect(tooSmall({ name: label, ...me }), `"${label}" is ${me.width.toFixed(0)} × ${me.height.toFixed(0)}`).toBe(
    false,
  );
  // null: no neighbour check (the board's 75-px tiles stand 4 px apart by the spec's layout).
  if (scope !== null) {
    const within = scope ?? target.page().locator('body');
    await target.evaluate((el) => el.setAttribute('data-tap-target', ''));
    const { crowded } = await measureTargets(within, '[data-tap-target]');
    await target.evaluate((el) => el.removeAttribute('data-tap-target'));
    expect(crowded, `"${label}": neighbours closer than ${MIN_GAP} px`).toEqual([]);
  }
  const hasTouch = await target.page().evaluate(() => navigator.maxTouchPoints > 0);
  if (hasTouch) await target.tap();
  else await target.click();
}

/**
 * Adds two items offered at any hour (tests run at any time of day), through the admin's API: an
 * umbrella at $30 and a Wyndham package at `packagePrice` ($0 to Wyndham guests).
 */
export async function addAnytimePrices(
  request: APIRequestContext,
  names: { umbrella: string; package: string; packagePrice: string },
): Promise<void> {
  const token = await apiToken(request, 'admin');
  const headers = { authorization: `Bearer ${token}` };
  const save = async (postData: Record<string, string | number>) => {
    const res = await request.post('/api/savePrice', { headers, data: { postData } });
    expect(res.ok(), await res.text()).toBeTruthy();
  };
  await save(allDayPrice(names.umbrella, '30.00', { retailRate: names.packagePrice }));
  await save(allDayPrice(names.package, names.packagePrice));
  const list = await (await request.get('/api/getPriceList', { headers })).json();
  const wyndham = list.hotels.find((h: { name: string }) => h.name === 'Wyndham').id;
  const item = list.prices.find((p: { name: string }) => p.name === names.package);
  await save({ ...item, id: item.id, projectHotels: String(wyndham), hotelRate: '0.00' });
}

/**
 * CONTINUE in the sale wizard, then waits until the wizard shows `step` (its data-step), so the
 * next tap is never made on the step being left. A tap that did not move the wizard is made once
 * more, as staff would, and said in the output (one CI run ended at Select Tip after three taps).
 */
export async function continueTo(modal: Locator, step: string): Promise<void> {
  const wizard = modal.getByTestId('sale-wizard');
  await modal.getByRole('button', { name: 'CONTINUE' }).click();
  try {
    await expect(wizard).toHaveAttribute('data-step', step, { timeout: 5_000 });
  } catch {
    console.log(`[continueTo] still at ${await wizard.getAttribute('data-step')} 5 s after CONTINUE; tapping again`);
    await modal.getByRole('button', { name: 'CONTINUE' }).click();
    await expect(wizard).toHaveAttribute('data-step', step);
  }
}

/**
 * A new all-day price for umbrellas, as the Prices screen saves it (`/savePrice`'s postData); an
 * add-on with `addOn: '1'`, a hotel's rate with `hotelRate`.
 */
export function allDayPrice(
  name: string,
  price: string,
  o: { addOn?: '0' | '1'; hotelRate?: string; retailRate?: string } = {},
) {
  return {
    id: 0,
    name,
    price,
    retailRate: o.retailRate ?? price,
    hotelRate: o.hotelRate ?? '0.00',
    addOn: o.addOn ?? '0',
    sort: '0',
    startTime: '0',
    endTime: '24',
    unitType: 'U',
    projectHotels: '',
    allHotels: '0',
  };
}

/** Opens `/bookings` on a day, on the Main Beach (the demo venue's first location). */
export async function openBookings(page: Page, day: string): Promise<void> {
  await page.goto('/bookings');
  await page.getByTestId('booking-day').fill(day);
  await expect(page.getByTestId('booking-grid')).toBeVisible();
  const mb = page.getByRole('radio', { name: 'MB' });
  if (await mb.count()) await mb.check({ force: true });
}

/** Draws on the modal's signature pad with a finger-like drag (the pad is brought on screen first). */
export async function drawSignature(page: Page, modal: Locator): Promise<void> {
  const pad = modal.getByTestId('signature-pad');
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.1, box.y + box.height * 0.6);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.4, box.y + box.height * 0.3, { steps: 8 });
  await page.mouse.move(box.x + box.width * 0.7, box.y + box.height * 0.7, { steps: 8 });
  await page.mouse.up();
}

/** Taps a button of the modal by its name, checked for size and spacing first. */
export const tapButton = (modal: Locator, name: string | RegExp) =>
  tapTarget(modal.getByRole('button', { name, exact: typeof name === 'string' }), modal);

/** The wizard shows the step, and every control of the modal is thumb-sized. */
export async function atStep(modal: Locator, heading: string): Promise<void> {
  await expect(modal.getByTestId('step-heading')).toHaveText(heading);
  // Let the modal's transitions settle before measuring.
  await modal.page().waitForTimeout(250);
  await expectTouchSized(modal, heading);
  // Issue 26: nothing cut off either (a summary's Cancel once read "Cancela" at 390 px).
  expect(await clippedButtons(modal.page()), `${heading}: buttons whose text does not fit`).toEqual([]);
}

/** Everything a finger can reach on a screen (issue 26): the modal's list plus ARIA widgets. */
const EVERY_CONTROL =
  'button, a[href], input:not([type="hidden"]), textarea, select, [role="button"], [role="tab"], [role="option"], ' +
  '[role="checkbox"], [role="radio"], [role="switch"], [role="combobox"], [role="menuitem"], [role="link"]';

/**
 * Issue 26, 48 px everywhere a finger goes: every visible control of the page (portals included)
 * that is under 48 px high, or under 48 px wide without filling its box, with its name and size.
 * A control scrolled out of a table's scroll area still counts: a finger reaches it after a swipe.
 */
export async function smallControls(page: Page): Promise<string[]> {
  return page.evaluate(
    ({ selector, min }) => {
      const out: string[] = [];
      for (const el of document.querySelectorAll(selector)) {
        const st = getComputedStyle(el);
        // A password's input sits inside the bordered box a finger sees (Mantine's PasswordInput): measure that.
        const r = (
          el.tagName === 'INPUT' && el.parentElement?.closest('.mantine-Input-input')
            ? el.parentElement.closest('.mantine-Input-input')!
            : el
        ).getBoundingClientRect();
        if (r.width === 0 || r.height === 0 || st.visibility === 'hidden' || st.display === 'none') continue;
        // A visually hidden native input (Mantine's Switch, a file input) is reached through its label.
        if (st.opacity === '0' && el.tagName === 'INPUT') continue;
        // Inside a hidden region (a page behind an inert layer) nothing is reached. A control that
        // hides itself from a screen reader but still takes a tap (Mantine's 24-px number
        // steppers, issue 32) is measured like any other: a finger finds it all the same.
        if (el.parentElement?.closest('[aria-hidden="true"], [inert]') || el.closest('[inert]')) continue;
        const parent = el.parentElement?.getBoundingClientRect().width ?? 0;
        const narrow = r.width < min - 0.5 && r.width < parent - 1;
        if (r.height >= min - 0.5 && !narrow) continue;
        const label =
          el.getAttribute('aria-label') ??
          ((el as HTMLElement).innerText || (el as HTMLInputElement).placeholder || el.getAttribute('name') || '');
        out.push(
          `${el.tagName.toLowerCase()}${el.getAttribute('role') ? `[${el.getAttribute('role')}]` : ''} "${label.trim().replace(/\s+/g, ' ').slice(0, 40)}": ${r.width.toFixed(0)} × ${r.height.toFixed(0)}`,
        );
      }
      return out;
    },
    { selector: EVERY_CONTROL, min: MIN_TARGET },
  );
}

/** Soft-asserts that every control of the screen is thumb-sized; `screen` names it in the failure. */
export async function expectScreenTouchSized(page: Page, screen: string): Promise<void> {
  // Let transitions (modals, drawers, tabs) finish before measuring.
  await page.waitForTimeout(300);
  expect.soft(await smallControls(page), `${screen}: controls under ${MIN_TARGET} px`).toEqual([]);
}

/**
 * Issue 26, nothing clipped: every visible button whose text is wider than the room it has
 * (a Cancel shown as "Cancela"), with its text and both widths.
 */
export async function clippedButtons(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('button, a.mantine-Button-root, [role="button"]')) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || getComputedStyle(el).visibility === 'hidden') continue;
      // Mantine puts the text in a label span that hides what overflows; plain buttons hide it themselves.
      const boxes = [el, ...el.querySelectorAll<HTMLElement>('.mantine-Button-label, .mantine-Button-inner')];
      for (const box of boxes) {
        if (box.scrollWidth > box.clientWidth + 1 && getComputedStyle(box).overflowX !== 'visible') {
          out.push(
            `"${el.innerText.trim().replace(/\s+/g, ' ').slice(0, 40)}": ${box.scrollWidth} > ${box.clientWidth}`,
          );
          break;
        }
      }
    }
    return out;
  });
}

/** Adds an all-day ($30, 0–24 h) umbrella price by that name once; specs share one server. */
export async function ensureAllDayPrice(request: APIRequestContext, name: string): Promise<void> {
  const admin = { authorization: `Bearer ${await apiToken(request, 'admin')}` };
  const list = await (await request.get('/api/getPriceList', { headers: admin })).json();
  if (list.prices.some((p: { name: string }) => p.name === name)) return;
  const res = await request.post('/api/savePrice', {
    headers: admin,
    data: {
      postData: {
        id: 0,
        name,
        price: '30.00',
        retailRate: '30.00',
        hotelRate: '0.00',
        addOn: '0',
        sort: '0',
        startTime: '0',
        endTime: '24',
        unitType: 'U',
        projectHotels: '',
        allHotels: '0',
      },
    },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
}

/** An admin's API call (GET without data, POST with it) that must succeed; its JSON answer. */
export async function adminCall(request: APIRequestContext, path: string, data?: unknown) {
  return callAs(request, 'admin', path, data);
}
/** An API call as `user` (GET without data, POST with it); fails the test on an error answer. */
export async function callAs(request: APIRequestContext, user: string, path: string, data?: unknown) {
  const headers = { authorization: `Bearer ${await apiToken(request, user)}` };
  const res =
    data === undefined
      ? await request.get(`/api${path}`, { headers })
      : await request.post(`/api${path}`, { headers, data });
  expect(res.ok(), `${path}: ${await res.text()}`).toBeTruthy();
  return res.json();
}

/** The venue's day ('YYYY-MM-DD'; the demo runs on New York time), `plus` days on. */
export function venueDay(plus = 0): string {
  const d = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date());
  const [y, m, dd] = d.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, dd + plus)).toISOString().slice(0, 10);
}

/** The instant (epoch ms) the venue's day `day` begins: New York's midnight (UTC−4 or UTC−5). */
export function venueDayStart(day: string): number {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const at = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/New_York',
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
  });
  for (const hours of [4, 5]) {
    const t = Date.UTC(y, m - 1, d, hours);
    if (at.format(t) === `${day}, 00`) return t;
  }
  throw new Error(`no New York midnight found for ${day}`);
}

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeResult {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/**
 * Issue 12: axe-core (WCAG 2.1 A and AA rules) on the page as it is now, its serious and critical
 * violations (five places each). axe-core is evaluated in the page (@axe-core/playwright declares
 * Node ≥ 22); page.evaluate is not bound by the app's CSP.
 */
async function seriousAxeViolations(page: Page): Promise<AxeResult[]> {
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
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** Fails at once listing every serious or critical axe violation on the page as it is now. */
export async function expectNoSeriousAxe(page: Page, screen: string): Promise<void> {
  const bad = await seriousAxeViolations(page);
  expect(
    bad.map((v) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    `${screen}: serious or critical axe violations`,
  ).toEqual([]);
}

/**
 * The walks' axe gate: every serious or critical violation listed with where and why, as a soft
 * failure (the walk goes on). `settled`: the caller already waited for the page's transitions.
 */
export async function expectAccessible(page: Page, screen: string, opts: { settled?: boolean } = {}): Promise<void> {
  // Let Mantine's transitions (modal, tabs, toasts) finish so axe sees final colours.
  if (!opts.settled) await page.waitForTimeout(350);
  const report = (await seriousAxeViolations(page))
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help}\n` +
        v.nodes.map((n) => `    ${n.target.join(' ')} — ${(n.failureSummary ?? '').replace(/\s+/g, ' ')}`).join('\n'),
    )
    .join('\n');
  expect.soft(report, `${screen}: serious or critical axe violations`).toBe('');
}
