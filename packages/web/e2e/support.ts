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
  const base = {
    retailRate: names.packagePrice,
    hotelRate: '0.00',
    addOn: '0',
    sort: '0',
    startTime: '0',
    endTime: '24',
    unitType: 'U',
    projectHotels: '',
    allHotels: '0',
  };
  await save({ id: 0, name: names.umbrella, price: '30.00', ...base });
  await save({ id: 0, name: names.package, price: names.packagePrice, ...base });
  const list = await (await request.get('/api/getPriceList', { headers })).json();
  const wyndham = list.hotels.find((h: { name: string }) => h.name === 'Wyndham').id;
  const item = list.prices.find((p: { name: string }) => p.name === names.package);
  await save({ ...item, id: item.id, projectHotels: String(wyndham), hotelRate: '0.00' });
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
}
