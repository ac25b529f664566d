import { type APIRequestContext, type Page, expect } from '@playwright/test';

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
