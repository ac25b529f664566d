import { messages } from '@sandbar/contract/messages';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { apiToken, signIn } from './support';

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

async function getJson(request: APIRequestContext, token: string, url: string) {
  const res = await request.get(url, { headers: auth(token) });
  expect(res.ok(), `${url} ${res.status()}`).toBeTruthy();
  return res.json();
}

test('an admin adds a location that appears on the board, edits it, and deletes a spare one', async ({
  page,
  request,
}) => {
  await signIn(page, 'admin');
  await page.goto('/config/locations');
  await expect(page.getByTestId('locations-table').locator('thead')).toHaveText(/Name\s*Initials\s*Umbrellas\s*Rows/);
  await expect(page.getByTestId('locations-table')).toContainText('Main Beach');
  await page.getByRole('link', { name: 'Add Location' }).click();
  await expect(page.getByRole('heading', { name: messages.location.addTitle })).toBeVisible();
  // The four messages of spec section 5, cleared by any change.
  // Each message under the field it names (issue 14; cash-defects.spec.ts checks the pairing).
  await page.getByRole('button', { name: 'SAVE LOCATION' }).click();
  for (const m of [
    messages.location.nameBlank,
    messages.location.fullNameBlank,
    messages.location.umbrellasBlank,
    messages.location.umbrellaRowsBlank,
  ])
    await expect(page.getByText(m, { exact: true })).toBeVisible();
  await page.getByLabel('Initials').fill('SB');
  await expect(page.getByText(messages.location.nameBlank, { exact: true })).toHaveCount(0);
  await page.getByLabel('Full Name').fill('South Beach');
  await page.getByLabel(/^Umbrellas\s*\*?$/).fill('5');
  await page.getByLabel('Umbrella Rows').fill('2');
  await page.getByRole('button', { name: 'SAVE LOCATION' }).click();
  await expect(page).toHaveURL(/\/config\/locations$/);
  const row = page.locator('tr[data-initials="SB"]');
  await expect(row).toContainText('South Beach');
  await expect(row).toContainText('5');

  // The board has it at once: 2 rows of 5 positions.
  const token = await apiToken(request, 'admin');
  const board = await getJson(request, token, '/api/getUnits');
  const loc = board.locations.find((l: { name: string }) => l.name === 'SB');
  expect(loc).toBeTruthy();
  expect(JSON.stringify(loc)).toContain('South Beach');

  // Edit shows the record, then saves a resize.
  await row.getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByLabel('Full Name')).toHaveValue('South Beach');
  await page.getByLabel(/^Umbrellas\s*\*?$/).fill('6');
  await page.getByRole('button', { name: 'SAVE LOCATION' }).click();
  await expect(page.locator('tr[data-initials="SB"]')).toContainText('6');

  // Delete through the Confirm Delete dialog.
  await page.locator('tr[data-initials="SB"]').getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: messages.confirmDelete.title });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: messages.confirmDelete.yes }).click();
  await expect(page.getByText(messages.location.deleted)).toBeVisible();
  await expect(page.locator('tr[data-initials="SB"]')).toHaveCount(0);
});

test('an admin adds a price that the sale wizard offers, and links a hotel on edit', async ({ page, request }) => {
  await signIn(page, 'admin');
  await page.goto('/config/prices');
  await expect(page.getByRole('heading', { name: 'Sandbar Prices' })).toBeVisible();
  await page.getByRole('link', { name: 'Add Price' }).click();
  await expect(page.getByTestId('hotel-on-edit-only')).toHaveText(messages.price.hotelOnEditOnly);
  await page.getByRole('button', { name: 'SAVE PRICE' }).click();
  for (const m of [
    messages.price.nameBlank,
    messages.price.priceBlank,
    messages.price.startTimeBlank,
    messages.price.endTimeBlank,
    messages.price.unitCodeBlank,
  ])
    await expect(page.getByTestId('form-errors')).toContainText(m);
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('All Day Umbrella E2E');
  await page.getByLabel('Price', { exact: true }).fill('42.50');
  await page.getByLabel('Start Time (hour)').selectOption('0');
  await page.getByLabel('End Time (hour)').selectOption('24');
  await page.getByLabel('Unit Code').selectOption('U');
  await page.getByLabel('Sort').fill('99');
  await page.getByRole('button', { name: 'SAVE PRICE' }).click();
  await expect(page).toHaveURL(/\/config\/prices$/);
  const row = page.locator('tr[data-name="All Day Umbrella E2E"]');
  await expect(row).toContainText('$42.50');
  await expect(row).toContainText('$0.00');

  const token = await apiToken(request, 'staff');
  const catalogue = await getJson(request, token, '/api/getSaleCatalogue');
  expect(JSON.stringify(catalogue)).toContain('All Day Umbrella E2E');

  await row.getByRole('link', { name: 'Edit' }).click();
  await page.getByLabel('Hotel link').selectOption({ label: 'Hyatt' });
  await page.getByRole('button', { name: 'SAVE PRICE' }).click();
  await expect(page.locator('tr[data-name="All Day Umbrella E2E"]')).toContainText('Hyatt');

  await page.locator('tr[data-name="All Day Umbrella E2E"]').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(messages.price.deleteConfirm)).toBeVisible();
  await page.getByRole('button', { name: messages.confirmDelete.yes }).click();
  await expect(page.getByText(messages.price.deleted)).toBeVisible();
});

test('an admin adds a user limited to one location, who then signs in and sees only it', async ({
  page,
  browser,
  request,
}) => {
  await signIn(page, 'admin');
  await page.goto('/config/people');
  await page.getByRole('link', { name: 'Add User' }).click();
  await page.getByRole('button', { name: 'SAVE USER' }).click();
  for (const m of [
    messages.people.nameBlank,
    messages.people.initialsBlank,
    messages.people.usernameBlank,
    messages.people.passwordBlank,
  ])
    await expect(page.getByTestId('form-errors')).toContainText(m);
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Pat Pier');
  await page.getByLabel('Initials').fill('PP');
  await page.getByLabel('Username').fill('patpier');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Pier-pass-2026');
  await expect(page.getByTestId('pass-strength')).toContainText('Strong');
  await page.getByLabel('Confirm Password').fill('Pier-pass-x');
  await page.getByRole('button', { name: 'SAVE USER' }).click();
  await expect(page.getByTestId('form-errors')).toHaveText(messages.people.passwordsDiffer);
  await page.getByLabel('Confirm Password').fill('Pier-pass-2026');
  await page.getByLabel('Pier and Tower (PT)').check();
  await page.getByRole('button', { name: 'SAVE USER' }).click();
  await expect(page).toHaveURL(/\/config\/people$/);
  await expect(page.locator('tr[data-username="patpier"]')).toContainText('PT');

  // The new user signs in and the board holds only their location.
  const ctx = await browser.newContext();
  const theirs = await ctx.newPage();
  await theirs.goto('/login');
  await theirs.getByLabel('Username', { exact: true }).fill('patpier');
  await theirs.getByLabel('Password', { exact: true }).fill('Pier-pass-2026');
  await theirs.getByRole('button', { name: 'LOG IN' }).click();
  await expect(theirs.getByRole('link', { name: 'Log out' })).toBeVisible();
  await ctx.close();
  const login = await request.post('/api/auth/login', { data: { username: 'patpier', password: 'Pier-pass-2026' } });
  const token = (await login.json()).token as string;
  const board = await getJson(request, token, '/api/getUnits');
  expect(board.locations.map((l: { name: string }) => l.name)).toEqual(['PT']);
});

test('an admin imports a guest roster that the room-charge lookup finds; a duplicate name is refused', async ({
  page,
  request,
}) => {
  await signIn(page, 'admin');
  await page.goto('/config/hotels');
  await page.getByRole('link', { name: 'Add Hotel' }).click();
  await expect(page.getByRole('heading', { name: messages.hotel.addTitle })).toBeVisible();
  await page.getByRole('button', { name: messages.hotel.save }).click();
  for (const m of [messages.hotel.nameBlank, messages.hotel.contactNameBlank, messages.hotel.contactEmailBlank])
    await expect(page.getByTestId('form-errors')).toContainText(m);
  await page.getByLabel('Hotel Name').fill('Seaside Suites');
  await page.getByLabel('Contact Name').fill('Sally Desk');
  await page.getByLabel('Contact Emails').fill('desk@seaside.test\nbilling@seaside.test');
  await page.getByLabel('Room Range').fill('100-499');
  await page.getByRole('button', { name: messages.hotel.save }).click();
  await expect(page).toHaveURL(/\/config\/hotels$/);
  await page.locator('tr[data-name="Seaside Suites"]').getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByLabel('Hotel Name')).toHaveValue('Seaside Suites');

  const csv =
    'Room,Guest_Name,Accompanying_Guest_Name,Additional\n0312,"Quinn, Avery","Quinn, Jo",1\n0415,"Rossi, Marco",,0\n';
  const input = page.getByTestId('roster-drop').locator('input[type=file]');
  await input.setInputFiles({ name: 'seaside.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(page.getByTestId('roster-table')).toContainText('Quinn, Avery');
  await expect(page.getByTestId('roster-table')).toContainText('Rossi, Marco');
  // A malformed file fails in a red row with the reason; the same name again gets the warning.
  await input.setInputFiles({
    name: 'broken.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('Room,Guest_Name\n1,A\n'),
  });
  await expect(page.locator('tr[data-state="failed"]').first()).toContainText('must name the columns');
  await input.setInputFiles({ name: 'seaside.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(page.locator('tr[data-state="failed"]').first()).toContainText(messages.upload.duplicateName);

  const admin = await apiToken(request, 'admin');
  const hotels = (await getJson(request, admin, '/api/getHotels')).hotels as { id: number; name: string }[];
  const id = hotels.find((h) => h.name === 'Seaside Suites')!.id;
  const staff = await apiToken(request, 'staff');
  const res = await request.post('/api/searchWyndham', {
    headers: auth(staff),
    data: { customerData: { hotelLastName: 'Rossi', hotelRoomNumber: '', roomChargeHotel: id } },
  });
  expect(res.ok()).toBeTruthy();
  expect(JSON.stringify(await res.json())).toContain('Rossi, Marco');
});

test('a supervisor cannot reach Prices by link or by call', async ({ page, request }) => {
  await signIn(page, 'supervisor');
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Prices' })).toHaveCount(0);
  await page.goto('/config/prices');
  await expect(page.getByTestId('no-access')).toBeVisible();
  const token = await apiToken(request, 'supervisor');
  expect((await request.get('/api/getPriceList', { headers: auth(token) })).status()).toBe(403);
  expect(
    (await request.post('/api/savePrice', { headers: auth(token), data: { postData: { name: 'x' } } })).status(),
  ).toBe(403);
  // Locations: view only.
  await page.goto('/config/locations');
  await expect(page.getByTestId('locations-table')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add Location' })).toHaveCount(0);
});
