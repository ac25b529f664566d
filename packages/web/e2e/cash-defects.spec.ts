import { type APIRequestContext, type Page, expect, test } from '@playwright/test';
import { messages } from '@sandbar/contract/messages';
import { apiToken, signIn } from './support';

// Issue 14, defect 6 (the smaller defects) and issue 12 item 6, as a user sees them in Chromium.

const tile = (page: Page, location: string, number: number) =>
  page.locator(`[data-location="${location}"] [data-number="${number}"]`);

async function unitIdOf(request: APIRequestContext, token: string, location: string, n: number) {
  const board = await (await request.get('/api/getUnits', { headers: { authorization: `Bearer ${token}` } })).json();
  const loc = board.locations.find((l: { name: string }) => l.name === location);
  return (loc.units.flat() as { id: number; unitNumber: number }[]).find((u) => u.unitNumber === n)!.id;
}

test('location form: each spec message under the field it names; an unknown record shows its message and Back', async ({
  page,
}) => {
  await signIn(page, 'admin');
  await page.goto('/config/location/add');
  await page.getByRole('button', { name: 'SAVE LOCATION' }).click();
  await expect(page.getByLabel('Initials')).toHaveAccessibleDescription(messages.location.nameBlank);
  await expect(page.getByLabel('Full Name')).toHaveAccessibleDescription(messages.location.fullNameBlank);
  // In the spec's order (section 5, issue 26): umbrellas → "Umbrellas", umbrellaRows → "Umbrellas per Row".
  await expect(page.getByLabel(/^Umbrellas\s*\*?$/)).toHaveAccessibleDescription(
    new RegExp(messages.location.umbrellasBlank),
  );
  await expect(page.getByLabel('Umbrella Rows')).toHaveAccessibleDescription(
    new RegExp(messages.location.umbrellaRowsBlank),
  );
  // Only the blank one is flagged.
  await page.getByLabel('Initials').fill('ZZ');
  await page.getByLabel('Full Name').fill('Zed Beach');
  await page.getByLabel(/^Umbrellas\s*\*?$/).fill('5');
  await page.getByRole('button', { name: 'SAVE LOCATION' }).click();
  await expect(page.getByLabel('Umbrella Rows')).toHaveAccessibleDescription(
    new RegExp(messages.location.umbrellaRowsBlank),
  );
  await expect(page.getByLabel(/^Umbrellas\s*\*?$/)).not.toHaveAccessibleDescription(/blank/);

  await page.goto('/config/location/edit/9999');
  await expect(page.getByTestId('record-unavailable')).toBeVisible();
  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/config\/locations$/);
});

test('a supervisor opening an admin’s edit page is told why, with a way back', async ({ page, request }) => {
  const token = await apiToken(request, 'admin');
  const people = await (
    await request.get('/api/getPeopleList', { headers: { authorization: `Bearer ${token}` } })
  ).json();
  const admin = (people.people as { id: number; user: string }[]).find((p) => p.user === 'admin');
  expect(admin).toBeTruthy();
  await signIn(page, 'supervisor');
  await page.goto(`/config/people/edit/${admin!.id}`);
  await expect(page.getByTestId('record-unavailable')).not.toBeEmpty();
  await expect(page.getByRole('link', { name: 'Back' })).toHaveAttribute('href', /\/config\/people/);
});

test('the top bar shows no signed-out links while the saved sign-in loads', async ({ page }) => {
  await signIn(page, 'staff');
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route(/\/api\/auth\/user/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/notes');
  await page.waitForTimeout(500);
  await expect(page.getByRole('link', { name: 'Login' })).toHaveCount(0);
  release();
  await expect(page.getByRole('link', { name: 'Notes/Drops' }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Login' })).toHaveCount(0);
});

test('Move says an occupied target is not free before the tap; log saves toast; no Print in a plain browser', async ({
  page,
  request,
}) => {
  const token = await apiToken(request, 'staff');
  const headers = { authorization: `Bearer ${token}` };
  for (const n of [74, 75]) {
    const res = await request.post('/api/markOccupied', {
      headers,
      data: { unitData: { unitId: await unitIdOf(request, token, 'MB', n) } },
    });
    expect(res.ok(), await res.text()).toBeTruthy();
  }
  await signIn(page, 'staff');
  page.on('dialog', (d) => void d.accept());
  await tile(page, 'MB', 74).click();
  const modal = page.getByRole('dialog');
  await modal.getByRole('tab', { name: 'Customers' }).click();
  await modal.getByRole('button', { name: 'Move' }).click();
  await expect(page.getByTestId('move-banner')).toBeVisible();
  await tile(page, 'MB', 75).click();
  const panel = page.getByTestId('move-panel');
  await expect(panel).toContainText('MB 75 is not free');
  await expect(panel.getByRole('button', { name: messages.unit.confirmMove })).toHaveCount(0);
  await panel.getByRole('button', { name: messages.unit.cancelMove }).click();

  await page.getByRole('dialog').getByRole('tab', { name: 'Log' }).click();
  await page.getByRole('dialog').getByLabel('What happened').fill('Sand blown onto the chairs');
  await page.getByRole('dialog').getByRole('button', { name: 'Add Log' }).click();
  await expect(page.locator('.mantine-Notification-root').filter({ hasText: /./ }).first()).toBeVisible();
  const entry = page.getByRole('dialog').locator('[data-entry]').filter({ hasText: 'Sand blown onto the chairs' });
  await expect(entry).toBeVisible();
  await expect(entry.getByRole('button', { name: 'Print' })).toHaveCount(0);
});

test('a past day says so instead of "today"', async ({ page, request }) => {
  const token = await apiToken(request, 'admin');
  const id = await unitIdOf(request, token, 'MB', 60);
  const yesterday = Math.floor(Date.now() / 1000) - 86_400;
  await signIn(page, 'admin');
  await page.goto(`/dashboard/${id}/customers/${yesterday}`);
  const modal = page.getByRole('dialog');
  await expect(modal.getByText(/No customers on this unit on \d{4}-\d{2}-\d{2}\./)).toBeVisible();
  await expect(modal.getByText('No customers on this unit today.')).toHaveCount(0);
});

test('board legend; on a phone a strip wider than the screen says it scrolls and admin tables do not widen the page', async ({
  page,
}) => {
  await signIn(page, 'admin');
  const legend = page.getByTestId('board-legend');
  await expect(legend).toBeVisible();
  for (const name of ['Empty', 'Held', 'Paid', 'Customer left', 'Room charge', 'Occupied', 'Pier / Tower'])
    await expect(legend).toContainText(name);
  // At 1280 the 8-wide cabana deck fits (no cue); the 20-wide beach does not, and says so.
  await expect(page.locator('[data-location="CD"]').getByTestId('strip-scroll-cue')).toHaveCount(0);
  await expect(page.locator('[data-location="MB"]').getByTestId('strip-scroll-cue')).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.locator('[data-location="MB"]').getByTestId('strip-scroll-cue')).toBeVisible();
  for (const path of [
    '/config/people',
    '/config/locations',
    '/config/prices',
    '/config/hotels',
    '/config/log-details',
    '/config/daily-log',
    '/config/outbox',
    '/notes',
  ]) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await expect(page.locator('main')).not.toBeEmpty();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, path).toBeLessThanOrEqual(390);
  }
});

test('outbox status badge shows its whole word; the report e-mail hint offers report placeholders only', async ({
  page,
  request,
}) => {
  // The owner's sign-in code waits in the outbox (no SMTP in tests).
  await request.post('/api/auth/login', { data: { username: 'owner', password: 'sandbar-demo' } });
  await signIn(page, 'admin');
  await page.goto('/config/outbox');
  const badge = page.getByTestId('outbox-status').first();
  await expect(badge).toBeVisible();
  const cut = await badge.evaluate((el) => {
    const label = (el.querySelector('.mantine-Badge-label') as HTMLElement | null) ?? (el as HTMLElement);
    return label.scrollWidth > label.clientWidth + 1;
  });
  expect(cut).toBe(false);

  await page.goto('/config');
  const hint = page.getByText(/^Placeholders: \{venueName\}, \{date\}, \{total\}\.$/);
  await expect(hint.first()).toBeVisible();
  await expect(page.getByText('{receiptUrl}').first()).toBeVisible(); // receipts keep theirs
});
