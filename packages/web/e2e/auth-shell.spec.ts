import { messages } from '@sandbar/contract/messages';
import { navByUserType, navItems } from '@sandbar/contract/roles';
import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, outboxMessages, signIn } from './support';

const labelsFor = (type: keyof typeof navByUserType) =>
  navItems.filter((n) => navByUserType[type].includes(n.key)).map((n) => n.label);

const roles = [
  { username: 'admin', type: 'A', home: '/' },
  { username: 'supervisor', type: 'S', home: '/config/daily-log' },
  { username: 'manager', type: 'M', home: '/config/daily-log' },
  { username: 'staff', type: 'U', home: '/' },
] as const;

for (const r of roles) {
  test(`${r.username} signs in, lands on ${r.home} and sees exactly the ${r.type} navigation`, async ({ page }) => {
    await signIn(page, r.username);
    await expect(page).toHaveURL(r.home === '/' ? /\/$/ : new RegExp(`${r.home}$`));
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link')).toHaveText(labelsFor(r.type));
    // The footer copyright shows for signed-in users only.
    await expect(page.getByText(/All rights reserved/)).toBeVisible();
    await page.getByRole('link', { name: 'Log out' }).click();
    await expect(page.getByRole('button', { name: 'LOG IN' })).toBeVisible();
    await expect(page.getByText(/All rights reserved/)).toHaveCount(0);
  });
}

test('owner signs in through two-factor with the code from the outbox', async ({ page, request }) => {
  await page.goto('/login');
  await page.getByLabel('Username', { exact: true }).fill('owner');
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'LOG IN' }).click();
  await expect(page.getByTestId('auth-2fa-message')).toContainText('o***@sandbar.test');
  await expect(page.getByLabel('Username', { exact: true })).toHaveCount(0);
  const msg = (await outboxMessages(request)).find(
    (m) => m.purpose === 'twoFactor' && m.recipient === 'owner@sandbar.test',
  );
  const code = /(\d{6})/.exec(msg!.body)![1]!;
  await page.getByLabel('Auth Code').fill(code);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('link', { name: 'Log out' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link')).toHaveText(labelsFor('A'));
});

test('the login form shows the spec messages for blank fields and clears them on change', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'LOG IN' }).click();
  await expect(page.getByRole('alert')).toContainText(messages.login.usernameBlank);
  await expect(page.getByRole('alert')).toContainText(messages.login.passwordBlank);
  await page.getByLabel('Username', { exact: true }).fill('a');
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('an unknown path shows the 404 page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: messages.notFound.title })).toBeVisible();
  await expect(page.getByText(messages.notFound.body)).toBeVisible();
});

test('a guest is sent to login keeping AV, and AV survives the login redirect', async ({ page }) => {
  await page.goto('/config/outbox?AV=2.1.0');
  await expect(page).toHaveURL(/\/login\?AV=2\.1\.0$/);
  await page.getByLabel('Username', { exact: true }).fill('supervisor');
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'LOG IN' }).click();
  await expect(page).toHaveURL(/\/config\/daily-log\?AV=2\.1\.0$/);
  // In AV mode the People link reads Agent, and links keep AV.
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Agent' })).toHaveAttribute('href', '/config/people?AV=2.1.0');
  await expect(nav.getByRole('link', { name: 'People' })).toHaveCount(0);
});

test('an empty search shows the spec toast', async ({ page }) => {
  await signIn(page, 'staff');
  await page.getByRole('textbox', { name: 'Search' }).press('Enter');
  await expect(page.getByText(messages.search.emptyTitle)).toBeVisible();
  await expect(page.getByText(messages.search.emptyBody)).toBeVisible();
});

test('a reload of a client route keeps working (history fallback) and a 401 returns to login', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/config/outbox');
  await expect(page.getByRole('heading', { name: 'Outbox' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Outbox' })).toBeVisible();
  await page.evaluate(() => localStorage.setItem('sandbar.token', 'revoked'));
  await page.reload();
  await expect(page.getByRole('button', { name: 'LOG IN' })).toBeVisible();
});
