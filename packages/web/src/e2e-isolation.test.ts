// Issue 36, part 5: e2e specs that cannot disturb each other. Every spec of the `main` Playwright
// project shares one demo server, and a demo user's Notes/Drops counts everything that user took
// today: a spec that sells, takes a deposit or drops off cash as `admin` or `staff` changes the
// totals another spec asserts (a CI failure came from exactly that). So on the shared server money
// is taken only by a spec's own agents (`ownAgent` in e2e/support.ts); a spec that counts a whole
// day of a location (reports.spec.ts) or restarts its server (offline-faults.spec.ts) has a server
// of its own. This test reads the specs and lists each place that takes money as a demo user.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const e2eDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'e2e');

/** The demo venue's users (packages/server/src/db/demo-seed.ts). */
const DEMO_USERS = ['admin', 'supervisor', 'manager', 'staff', 'owner'];

/** The `reports` project's own server runs the spec, and the `main` project ignores it. */
function reportsProject(config: string, name: string): boolean {
  const ignored = /testIgnore:\s*\/\(([\w|-]+)\)\\\.spec\\\.ts\//.exec(config)?.[1]?.split('|') ?? [];
  const matched = /testMatch:\s*\/\(([\w|-]+)\)\\\.spec\\\.ts\//.exec(config)?.[1]?.split('|') ?? [];
  return ignored.includes(name) && matched.includes(name) && /reportsPort/.test(config);
}

/** Specs that run against a server of their own, and how (checked below, so the claim stays true). */
const OWN_SERVER: Record<string, (config: string, spec: string) => boolean> = {
  // the `reports` project: its own port and data folder, and the `main` project ignores the spec
  'reports.spec.ts': (config) => reportsProject(config, 'reports'),
  'payments-report.spec.ts': (config) => reportsProject(config, 'payments-report'),
  // starts and restarts its own built server
  'offline-faults.spec.ts': (_config, spec) => /from '\.\/fault-server'/.test(spec),
};

/** What takes money: a sale (the wizard's last tap, or the API), a deposit, a drop-off. */
const MONEY = [
  /'COMPLETE SALE'/,
  /messages\.sale\.readyToSwipe/,
  /\/api\/saveCustomer'/,
  /'\/(?:api\/)?addReservationDeposit'/,
  /'Drop Off Amount'/,
  /'Deposit amount'/,
];

type Block = { name: string; start: number; end: number; body: string };

/** Skips a string, template or comment starting at i; returns the index after it (or i). */
function skipLiteral(src: string, i: number): number {
  const c = src[i];
  if (c === '/' && src[i + 1] === '/') return src.indexOf('\n', i) === -1 ? src.length : src.indexOf('\n', i);
  if (c === '/' && src[i + 1] === '*') return src.indexOf('*/', i + 2) + 2;
  if (c === "'" || c === '"') {
    let j = i + 1;
    while (j < src.length && src[j] !== c) j += src[j] === '\\' ? 2 : 1;
    return j + 1;
  }
  if (c === '`') {
    let j = i + 1;
    while (j < src.length && src[j] !== '`') {
      if (src[j] === '\\') j += 2;
      else if (src[j] === '$' && src[j + 1] === '{') j = matching(src, j + 1) + 1;
      else j++;
    }
    return j + 1;
  }
  return i;
}

/** The index of the bracket closing the one at `open`. */
function matching(src: string, open: number): number {
  const pairs: Record<string, string> = { '(': ')', '{': '}', '[': ']' };
  const stack: string[] = [];
  for (let i = open; i < src.length;) {
    const skipped = skipLiteral(src, i);
    if (skipped !== i) {
      i = skipped;
      continue;
    }
    const c = src[i] ?? '';
    if (pairs[c]) stack.push(pairs[c]);
    else if (c === ')' || c === '}' || c === ']') {
      stack.pop();
      if (stack.length === 0) return i;
    }
    i++;
  }
  return src.length;
}

/** The file's named functions (from the name to the body's end), each with its source. */
function functionsOf(src: string): Block[] {
  const out: Block[] = [];
  for (const m of src.matchAll(/(?:^|\n)(?:export )?(?:async )?function (\w+)\s*(?:<[^>]*>)?\(/g)) {
    const params = matching(src, m.index + m[0].length - 1);
    const end = matching(src, src.indexOf('{', params));
    out.push({ name: m[1]!, start: m.index, end, body: src.slice(m.index, end + 1) });
  }
  return out;
}
/** The file's tests, each from `test(` to its closing parenthesis. */
function testsOf(src: string): Block[] {
  const out: Block[] = [];
  for (const m of src.matchAll(/(?:^|\n)\s*test(?:\.only)?\(/g)) {
    const end = matching(src, m.index + m[0].length - 1);
    out.push({ name: 'test', start: m.index, end, body: src.slice(m.index, end + 1) });
  }
  return out;
}

/** String constants of a file (`const AGENT = 'x'`, `user: 'x'` in an object) by name. */
function constants(src: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of src.matchAll(/const (\w+) = '([^']+)'/g)) out.set(m[1]!, m[2]!);
  for (const m of src.matchAll(/const (\w+) = \{[^}]*\buser: '([^']+)'/g)) out.set(`${m[1]}.user`, m[2]!);
  return out;
}

/** The user an identity expression names, when the file says it plainly. */
function userOf(expr: string, consts: Map<string, string>): string | undefined {
  const e = expr.trim();
  const literal = /^'([^']+)'$/.exec(e);
  return literal ? literal[1] : consts.get(e);
}

/**
 * Where a spec takes money as a demo user on the shared server: every sign-in as a demo user that
 * the next money-taking step of its test (direct, or through a helper that takes money) runs under;
 * every API sale or deposit whose token is a demo user's.
 */
export function demoMoney(file: string, src: string, helpers: string): string[] {
  const found: string[] = [];
  const consts = constants(src);
  const all = [...functionsOf(helpers), ...functionsOf(src)];
  const money = new Set<string>();
  for (let grew = true; grew;) {
    grew = false;
    for (const f of all) {
      if (money.has(f.name)) continue;
      const calls = [...money].some((n) => new RegExp(`\\b${n}\\(`).test(f.body.slice(f.body.indexOf('{'))));
      if (MONEY.some((re) => re.test(f.body)) || calls) {
        money.add(f.name);
        grew = true;
      }
    }
  }
  const lineOf = (at: number) => src.slice(0, at).split('\n').length;

  // API: a sale or deposit posted with a demo user's token, or through adminCall.
  for (const m of src.matchAll(/adminCall\(\s*\w+,\s*'\/addReservationDeposit'/g))
    found.push(`${file}:${lineOf(m.index)}: a deposit through adminCall (taken as admin)`);
  for (const m of src.matchAll(/callAs\(\s*\w+,\s*([^,]+),\s*'\/(?:saveCustomer|addReservationDeposit)'/g)) {
    const user = userOf(m[1]!, consts);
    if (user && DEMO_USERS.includes(user))
      found.push(`${file}:${lineOf(m.index)}: money taken through the API as ${user}`);
  }
  for (const m of src.matchAll(
    /post\('\/api\/(?:saveCustomer|addReservationDeposit)',\s*\{\s*headers(?::\s*(\w+))?/g,
  )) {
    const binding = new RegExp(`const ${m[1] ?? 'headers'} = [^;]*apiToken\\(\\s*\\w+,\\s*([^)]+)\\)`).exec(src);
    const user = binding ? userOf(binding[1]!, consts) : undefined;
    if (user && DEMO_USERS.includes(user))
      found.push(`${file}:${lineOf(m.index)}: money taken through the API as ${user}`);
  }

  // Pages: the sign-in in force when a test (or a helper it calls) takes money.
  for (const t of testsOf(src)) {
    const steps: { at: number; kind: 'signIn' | 'money'; user?: string }[] = [];
    for (const m of t.body.matchAll(/\bsignIn\(\s*\w+,\s*((?:await )?[^,)]+(?:\([^)]*\))?)/g)) {
      const own = /ownAgent\(/.test(m[1]!);
      steps.push({ at: m.index, kind: 'signIn', user: own ? undefined : userOf(m[1]!, consts) });
    }
    for (const re of MONEY)
      for (const m of t.body.matchAll(new RegExp(re, 'g'))) steps.push({ at: m.index, kind: 'money' });
    for (const name of money)
      for (const m of t.body.matchAll(new RegExp(`\\b${name}\\(`, 'g'))) steps.push({ at: m.index, kind: 'money' });
    steps.sort((a, b) => a.at - b.at);
    let signedIn: { at: number; user?: string } | undefined;
    for (const s of steps) {
      if (s.kind === 'signIn') signedIn = s;
      else if (signedIn?.user && DEMO_USERS.includes(signedIn.user))
        found.push(`${file}:${lineOf(t.start + signedIn.at)}: signed in as ${signedIn.user}, then takes money`);
    }
  }
  return [...new Set(found)];
}

describe('e2e specs on the shared demo server take money only as their own agents', () => {
  const specs = fs.readdirSync(e2eDir).filter((f) => f.endsWith('.spec.ts'));
  const helpers = ['support.ts', 'screens.ts'].map((f) => fs.readFileSync(path.join(e2eDir, f), 'utf8')).join('\n');
  const config = fs.readFileSync(path.join(e2eDir, '..', 'playwright.config.ts'), 'utf8');

  it('finds the specs', () => {
    expect(specs.length).toBeGreaterThan(10);
  });

  it('no spec sells, takes a deposit or drops off cash as a demo user', () => {
    const found = specs
      .filter((f) => !OWN_SERVER[f])
      .flatMap((f) => demoMoney(f, fs.readFileSync(path.join(e2eDir, f), 'utf8'), helpers));
    expect(found, 'use ownAgent(request, …) from e2e/support.ts for the user that takes money').toEqual([]);
  });

  it('the specs that take money as anyone they like do run on a server of their own', () => {
    for (const [f, ownServer] of Object.entries(OWN_SERVER))
      expect(ownServer(config, fs.readFileSync(path.join(e2eDir, f), 'utf8')), f).toBe(true);
  });

  it('catches a spec that sells as a demo user, through the wizard, a helper or the API', () => {
    const spec = `
const CLERK = 'staff';
async function checkout(page) {
  await page.getByRole('button', { name: 'COMPLETE SALE' }).click();
}
test('sells on the wizard', async ({ page }) => {
  await signIn(page, 'admin');
  await page.getByRole('button', { name: 'COMPLETE SALE' }).click();
});
test('sells through a helper', async ({ page }) => {
  await signIn(page, CLERK);
  await checkout(page);
});
test('own agent, then a demo user who only looks', async ({ page, request }) => {
  await signIn(page, await ownAgent(request, 'mine', 'My Own'));
  await checkout(page);
  await signIn(page, 'supervisor');
  await expect(page.getByTestId('cash-total')).toHaveText('$30.00');
});
test('through the API', async ({ request }) => {
  const headers = { authorization: \`Bearer \${await apiToken(request, 'staff')}\` };
  await request.post('/api/saveCustomer', { headers, data: {} });
  await adminCall(request, '/addReservationDeposit', { id: 1 });
});`;
    expect(demoMoney('x.spec.ts', spec, '')).toEqual([
      'x.spec.ts:23: a deposit through adminCall (taken as admin)',
      'x.spec.ts:22: money taken through the API as staff',
      'x.spec.ts:7: signed in as admin, then takes money',
      'x.spec.ts:11: signed in as staff, then takes money',
    ]);
  });
});
