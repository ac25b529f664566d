import { messages } from '@sandbar/contract/messages';
import { businessDay } from '@sandbar/contract/rules/time';
import { expect, test } from '@playwright/test';
import { apiToken, signIn } from './support';

// One journey: an admin defines a log field, a supervisor starts today's log with it, a manager
// edits it (the field shows the manager's initials), and an admin changes the receipt text.
test.describe.configure({ mode: 'serial' });

// The venue's day (the demo venue is in New York), not this machine's: between midnight UTC and
// midnight in New York they differ, and "Add" offers the venue's day.
const today = () => businessDay(Date.now(), 'America/New_York');

test('admin adds a log field; supervisor logs it today; manager edits it and gets the initials', async ({
  browser,
}) => {
  // Admin: Log Details → Add Details → blank save shows the spec messages → save goes back to the list.
  const admin = await browser.newPage();
  await signIn(admin, 'admin');
  await admin.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Log Details' }).click();
  await expect(admin).toHaveURL(/\/config\/log-details$/);
  await expect(admin.getByTestId('log-detail-windFlag')).toBeVisible();
  await admin.getByRole('link', { name: 'Add Details' }).click();
  await expect(admin).toHaveURL(/\/config\/log-details\/add$/);
  await admin.getByRole('button', { name: 'Save' }).click();
  const alert = admin.getByTestId('form-errors');
  for (const m of [
    messages.logDetail.categoryBlank,
    messages.logDetail.nameBlank,
    messages.logDetail.sortBlank,
    messages.logDetail.fieldTypeBlank,
  ]) {
    await expect(alert).toContainText(m);
  }
  await admin.getByLabel('Category').selectOption('Setup');
  await admin.getByLabel('Field Name').fill('sunscreenStock');
  await admin.getByLabel('Field Label').fill('Sunscreen bottles');
  await admin.getByLabel('Sort').fill('0');
  await admin.getByLabel('Field Type').selectOption('number');
  await admin.getByRole('button', { name: 'Save' }).click();
  await expect(admin).toHaveURL(/\/config\/log-details$/);
  const row = admin.getByTestId('log-detail-sunscreenStock');
  await expect(row).toContainText('Sunscreen bottles');
  await expect(row).toContainText('number');

  // Cancel on the form goes back too; delete asks Confirm Delete (No keeps it).
  await admin.getByRole('link', { name: 'Edit sunscreenStock' }).click();
  await expect(admin.getByLabel('Field Name')).toHaveValue('sunscreenStock');
  await admin.getByRole('button', { name: 'Cancel' }).click();
  await expect(admin).toHaveURL(/\/config\/log-details$/);
  await admin.getByRole('button', { name: 'Delete lifeguardOnDuty' }).click();
  const dialog = admin.getByRole('dialog', { name: messages.confirmDelete.title });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: messages.confirmDelete.no, exact: true }).click();
  await expect(admin.getByTestId('log-detail-lifeguardOnDuty')).toBeVisible();
  await admin.getByRole('button', { name: 'Delete lifeguardOnDuty' }).click();
  await dialog.getByRole('button', { name: messages.confirmDelete.yes, exact: true }).click();
  await expect(admin.getByText(messages.logDetail.deleted)).toBeVisible();
  await expect(admin.getByTestId('log-detail-lifeguardOnDuty')).toHaveCount(0);
  await admin.close();

  // Supervisor lands on the daily log and adds today's log with the new field first under Setup.
  const sup = await browser.newPage();
  await signIn(sup, 'supervisor');
  await expect(sup).toHaveURL(/\/config\/daily-log$/);
  await sup.getByRole('button', { name: messages.dailyLog.add }).click();
  await expect(sup.getByTestId('daily-log-venue')).toHaveText('Sandbar Beach Club');
  const setup = sup.getByTestId('daily-log-category-Setup');
  await expect(setup.getByRole('textbox').or(setup.getByRole('spinbutton')).first()).toHaveAttribute(
    'name',
    'sunscreenStock',
  );
  await expect(sup.getByTestId('daily-log-buttons-top').getByRole('button', { name: 'Save' })).toBeVisible();
  // Save without a date returns to the form with the spec message.
  await sup.getByLabel('Date').fill('');
  await sup.getByTestId('daily-log-buttons-bottom').getByRole('button', { name: 'Save' }).click();
  await expect(sup.getByTestId('form-errors')).toHaveText(messages.dailyLog.dateBlank);
  await sup.getByLabel('Date').fill(today());
  await sup.getByLabel('Sunscreen bottles').fill('12');
  await sup.getByLabel('Wind flag').fill('green');
  await sup.getByTestId('daily-log-buttons-top').getByRole('button', { name: 'Save' }).click();
  await expect(sup.getByTestId(`daily-log-${today()}`)).toBeVisible();
  await sup.close();

  // Manager edits it: only the changed field takes the manager's initials.
  const mgr = await browser.newPage();
  await signIn(mgr, 'manager');
  await expect(mgr).toHaveURL(/\/config\/daily-log$/);
  await mgr.getByRole('button', { name: `Edit ${today()}` }).click();
  await expect(mgr.getByLabel('Sunscreen bottles')).toHaveValue('12');
  await expect(mgr.getByTestId('editor-sunscreenStock')).toHaveText('SS');
  await mgr.getByLabel('Sunscreen bottles').fill('10');
  await mgr.getByTestId('daily-log-buttons-bottom').getByRole('button', { name: 'Save' }).click();
  await expect(mgr.getByTestId(`daily-log-${today()}`)).toBeVisible();
  await mgr.getByRole('button', { name: `Edit ${today()}` }).click();
  await expect(mgr.getByLabel('Sunscreen bottles')).toHaveValue('10');
  await expect(mgr.getByTestId('editor-sunscreenStock')).toHaveText('MM');
  await expect(mgr.getByTestId('editor-windFlag')).toHaveText('SS');
  // A second log for the same date is offered as the existing one.
  await mgr.getByRole('button', { name: 'Cancel' }).first().click();
  await mgr.getByRole('button', { name: messages.dailyLog.add }).click();
  await mgr.getByRole('button', { name: 'Open it' }).click();
  await expect(mgr.getByTestId('editor-sunscreenStock')).toHaveText('MM');
  await mgr.close();
});

test('staff cannot open the daily log', async ({ page, request }) => {
  await signIn(page, 'staff');
  await page.goto('/config/daily-log');
  await expect(page.getByTestId('no-access')).toBeVisible();
  const token = await apiToken(request, 'staff');
  const res = await request.get('/api/getDailyLogList', { headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(403);
});

test('admin changes the receipt text on /config; the next read uses it', async ({ page, request }) => {
  await signIn(page, 'admin');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Config', exact: true }).click();
  await expect(page).toHaveURL(/\/config$/);
  await expect(page.getByRole('link', { name: 'Reports Config' })).toHaveAttribute('href', '/config/reports');
  await expect(page.getByRole('link', { name: 'Outbox' })).toHaveAttribute('href', '/config/outbox');
  await expect(page.getByTestId('rte-reportEmailMessage')).toBeVisible();
  const editor = page.getByTestId('rte-reportEmailMessage').locator('.ProseMirror');
  await expect(editor).toContainText("Attached is today's report.");

  // A bad hour is refused with the instruction.
  await page.getByLabel('Report Email Time').fill('7pm');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('form-errors')).toContainText('2-digit military hour');
  await page.getByLabel('Report Email Time').fill('06');

  const text = 'Thanks from {venueName}! {total} paid. Receipt: {receiptUrl}';
  await page.getByLabel('Receipt Text Message').fill(text);
  await editor.click();
  await page.keyboard.press('End');
  await page.keyboard.type(' See you tomorrow.');
  // An image goes up through POST /tinymceFileUpload and lands in the editor.
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  );
  const chooser = page.waitForEvent('filechooser');
  await page.getByTestId('rte-reportEmailMessage').getByRole('button', { name: 'Upload image' }).click();
  await (await chooser).setFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png });
  await expect(editor.locator('img')).toHaveAttribute('src', /uploads\//);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Settings have been saved!')).toBeVisible();

  const token = await apiToken(request, 'admin');
  const res = await request.get('/api/getConfigSettings', { headers: { authorization: `Bearer ${token}` } });
  const s = await res.json();
  expect(s.receiptTextMessage).toBe(text);
  expect(s.reportEmailTime).toBe('06');
  expect(s.reportEmailMessage).toContain('See you tomorrow.');
  expect(s.reportEmailMessage).toMatch(/<img src="[^"]*uploads\/[^"]+"/);
  // Reload shows the stored values.
  await page.reload();
  await expect(page.getByLabel('Receipt Text Message')).toHaveValue(text);
});
