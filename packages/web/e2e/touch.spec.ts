import { type APIRequestContext, type Locator, expect, test } from '@playwright/test';
import { apiToken, outboxMessages, signIn } from './support';

// Issue 12, thumb-sized: on a phone (390 × 844) and a tablet (1280 × 800) a whole sale is done
// with taps only, and every target tapped is at least 48 × 48 px (typing goes into fields that
// are at least 48 px high). The signature is a drag on its pad.

const ITEM = 'All Day Umbrella Touch';

async function addPrice(request: APIRequestContext) {
  const token = await apiToken(request, 'admin');
  const headers = { authorization: `Bearer ${token}` };
  const list = await (await request.get('/api/getPriceList', { headers })).json();
  if (list.prices.some((p: { name: string }) => p.name === ITEM)) return;
  const res = await request.post('/api/savePrice', {
    headers,
    data: {
      postData: {
        id: 0,
        name: ITEM,
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

async function bigEnough(target: Locator, what: string) {
  await expect(target).toBeVisible();
  await target.scrollIntoViewIfNeeded();
  const box = (await target.boundingBox())!;
  expect(box.height, `${what}: height`).toBeGreaterThanOrEqual(48);
  expect(box.width, `${what}: width`).toBeGreaterThanOrEqual(48);
}

/** A tap on a target of at least 48 × 48 px. */
async function tap(target: Locator, what: string) {
  await bigEnough(target, what);
  await target.tap();
}

/** Typing into a field at least 48 px high (tapped first, as a thumb would). */
async function type(field: Locator, text: string, what: string) {
  await tap(field, what);
  await field.fill(text);
}

const viewports = [
  { name: 'phone', width: 390, height: 844, unit: 71, phone: '3055550171' },
  { name: 'tablet', width: 1280, height: 800, unit: 72, phone: '3055550172' },
];

test.beforeAll(async ({ request }) => {
  await addPrice(request);
});

for (const vp of viewports) {
  test.describe(vp.name, () => {
    test.use({ viewport: { width: vp.width, height: vp.height }, hasTouch: true, isMobile: vp.name === 'phone' });

    test(`a sale with taps on 48-px targets only (${vp.width} × ${vp.height})`, async ({ page, request }) => {
      await signIn(page, 'staff');
      const modal = page.getByRole('dialog');
      await tap(page.locator(`[data-location="MB"] [data-number="${vp.unit}"]`), 'tile');
      await expect(modal).toBeVisible();
      for (const t of await modal.getByRole('tab').all()) await bigEnough(t, `tab ${await t.textContent()}`);
      await tap(modal.getByRole('tab', { name: 'New Customer' }), 'New Customer tab');
      await tap(modal.getByRole('button', { name: 'Cash' }), 'Cash');
      await tap(modal.getByRole('button', { name: `${ITEM} — $30.00` }), 'item');
      await tap(modal.getByRole('button', { name: 'CONTINUE' }), 'CONTINUE after items');
      await type(modal.getByLabel('Customer Name'), 'Tina Touch', 'name field');
      await tap(modal.getByRole('button', { name: 'CONTINUE' }), 'CONTINUE after name');
      await expect(modal.getByText('Select Receipt Type')).toBeVisible();
      for (const b of await modal.getByRole('button').all()) {
        if (await b.isVisible()) await bigEnough(b, `receipt step: ${await b.textContent()}`);
      }
      await type(modal.getByLabel('Mobile number for the receipt'), vp.phone, 'phone field');
      await tap(modal.getByRole('button', { name: 'CONTINUE' }), 'CONTINUE after receipt');
      await expect(modal.getByText('Select Tip')).toBeVisible();
      for (const b of await modal.getByRole('button').all()) {
        if (await b.isVisible()) await bigEnough(b, `tip step: ${await b.textContent()}`);
      }
      await tap(modal.getByRole('button', { name: 'CONTINUE' }), 'CONTINUE after tip');
      const pad = page.getByTestId('signature-pad');
      await pad.scrollIntoViewIfNeeded();
      const box = (await pad.boundingBox())!;
      await page.mouse.move(box.x + 30, box.y + 60);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width / 2, box.y + 30, { steps: 8 });
      await page.mouse.move(box.x + box.width - 30, box.y + 90, { steps: 8 });
      await page.mouse.up();
      await tap(modal.getByRole('button', { name: 'CONTINUE' }), 'CONTINUE after signature');
      await expect(modal.getByTestId('sale-total')).toBeVisible();
      await tap(modal.getByRole('button', { name: 'COMPLETE SALE' }), 'COMPLETE SALE');
      await expect(modal).toHaveCount(0);
      await expect(page.locator(`[data-location="MB"] [data-number="${vp.unit}"]`)).toHaveAttribute('data-status', '2');
      await expect
        .poll(async () =>
          (await outboxMessages(request)).some((m) => m.purpose === 'receipt' && m.recipient === vp.phone),
        )
        .toBe(true);
    });
  });
}
