import { fnbLimits, fnbTexts } from '@sandbar/contract/fnb-texts';
import { takeRead } from '../../src/features/fnb/public-reads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/platform/clock';
import { type TestApp, buildTestApp, injectAs, testDialect } from '../helpers';
import { MORNING } from '../sales/factories';
import { buildGuestOrder, fnbToken } from './factories';

const en = fnbTexts.en;

describe(`F&B menu and order codes on ${testDialect}`, () => {
  let t: TestApp;
  const clock = fixedClock(MORNING);
  const post = (user: string, url: string, payload: unknown) =>
    injectAs(t.app, user, { method: 'POST', url: `/api/${url}`, payload: payload as object });
  const get = (user: string, url: string) => injectAs(t.app, user, { method: 'GET', url: `/api/${url}` });

  beforeAll(async () => {
    t = await buildTestApp({ clock });
  });
  afterAll(async () => t.close());

  it('has the demo menu in English and Spanish', async () => {
    const menu = (await get('staff', 'getFnbMenu')).json();
    expect(menu.categories.map((c: { nameEs: string }) => c.nameEs)).toEqual(['Bebidas', 'Comida']);
    const mojito = menu.items.find((i: { name: string }) => i.name === 'Mojito');
    expect(mojito).toMatchObject({ priceCents: 900, station: 'bar', soldOut: false });
    expect(mojito.modifierGroups.map((g: { name: string }) => g.name)).toEqual(['Size', 'Ice']);
    expect(menu.hourNow).toBe(10);
  });

  it('lets admins only edit the menu; keeps option ids that were kept; deletes what was never ordered', async () => {
    const cat = { name: 'Snacks', nameEs: 'Picoteo', startHour: 11, endHour: 18 };
    expect((await post('supervisor', 'saveFnbCategory', cat)).statusCode).toBe(403);
    expect((await post('staff', 'saveFnbItem', {})).statusCode).toBe(403);
    const c = await post('admin', 'saveFnbCategory', cat);
    expect(c.statusCode, c.body).toBe(200);
    const categoryId = c.json().id;
    const item = {
      categoryId,
      name: 'Fries',
      nameEs: 'Patatas fritas',
      priceCents: 550,
      station: 'kitchen',
      allergens: ['gluten'],
      modifierGroups: [
        {
          name: 'Sauce',
          nameEs: 'Salsa',
          minChoices: 0,
          maxChoices: 2,
          options: [{ name: 'Ketchup' }, { name: 'Aioli', priceDeltaCents: 50 }],
        },
      ],
    };
    const saved = await post('admin', 'saveFnbItem', item);
    expect(saved.statusCode, saved.body).toBe(200);
    const id = saved.json().id;
    let menu = (await get('admin', 'getFnbMenu')).json();
    const fries = menu.items.find((i: { id: number }) => i.id === id);
    const aioli = fries.modifierGroups[0].options.find((o: { name: string }) => o.name === 'Aioli');
    const group = fries.modifierGroups[0];
    // Edit: Aioli kept by id with a new price, Ketchup dropped, Mayo added.
    const edit = await post('admin', 'saveFnbItem', {
      ...item,
      id,
      priceCents: 600,
      modifierGroups: [
        {
          ...item.modifierGroups[0],
          id: group.id,
          options: [{ id: aioli.id, name: 'Aioli', priceDeltaCents: 75 }, { name: 'Mayo' }],
        },
      ],
    });
    expect(edit.statusCode, edit.body).toBe(200);
    menu = (await get('admin', 'getFnbMenu')).json();
    const after = menu.items.find((i: { id: number }) => i.id === id);
    expect(after.priceCents).toBe(600);
    expect(after.modifierGroups[0].options).toEqual([
      { id: aioli.id, name: 'Aioli', nameEs: '', priceDeltaCents: 75 },
      expect.objectContaining({ name: 'Mayo', priceDeltaCents: 0 }),
    ]);
    expect((await post('admin', 'saveFnbItem', { ...item, startHour: 18, endHour: 11 })).statusCode).toBe(400);
    expect((await post('admin', 'saveFnbItem', { ...item, categoryId: 999999 })).statusCode).toBe(404);
    expect((await post('admin', 'deleteFnbCategory', { id: categoryId })).json().details).toBe(en.errors.categoryInUse);
    expect((await post('admin', 'deleteFnbItem', { id })).statusCode).toBe(200);
    expect((await post('admin', 'deleteFnbCategory', { id: categoryId })).statusCode).toBe(200);
    expect((await get('admin', 'getFnbMenu')).json().items.some((i: { id: number }) => i.id === id)).toBe(false);
  });

  it('prints a code per unit and rotates a location: the old codes stop working', async () => {
    const mb = (await t.deps.db.selectFrom('locations').select('id').where('name', '=', 'MB').executeTakeFirstOrThrow())
      .id;
    expect((await get('supervisor', `getFnbUnitCodes?locationId=${mb}`)).statusCode).toBe(403);
    const sheet = (await get('admin', `getFnbUnitCodes?locationId=${mb}`)).json();
    expect(sheet.codes).toHaveLength(80);
    expect(sheet.locationName).toBe('Main Beach');
    expect(sheet.codes[0]).toMatchObject({ label: 'MB 1', row: 1, position: 1 });
    expect(sheet.codes[0].url).toBe(`http://localhost:3000/order/${sheet.codes[0].token}`);
    expect(new Set(sheet.codes.map((c: { token: string }) => c.token)).size).toBe(80);
    // Asked again: the same codes.
    expect((await get('admin', `getFnbUnitCodes?locationId=${mb}`)).json().codes[5].token).toBe(sheet.codes[5].token);
    const old = sheet.codes[5].token;
    expect((await t.app.inject({ method: 'GET', url: `/api/public/order/${old}` })).statusCode).toBe(200);
    const rotated = await post('admin', 'rotateFnbUnitCodes', { locationId: mb });
    expect(rotated.statusCode, rotated.body).toBe(200);
    expect(rotated.json().details).toBe(en.qr.rotated(80));
    expect(rotated.json().codes[5].token).not.toBe(old);
    const gone = await t.app.inject({ method: 'GET', url: `/api/public/order/${old}` });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().details).toBe(en.errors.badToken);
    const placed = await t.app.inject({
      method: 'POST',
      url: `/api/public/order/${old}`,
      payload: buildGuestOrder({ lines: [{ itemId: 1, quantity: 1 }] }) as object,
    });
    expect(placed.statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/public/order/${rotated.json().codes[5].token}` })).statusCode,
    ).toBe(200);
    expect((await post('admin', 'rotateFnbUnitCodes', { locationId: 999999 })).statusCode).toBe(404);
  });

  it('limits the order page reads per address and code (240 a minute), in the guest language', async () => {
    const token = await fnbToken(
      t.deps.db,
      (await t.deps.db.selectFrom('positions').select('id').executeTakeFirstOrThrow()).id,
    );
    const read = (ip: string, code = token) =>
      t.app.inject({
        method: 'GET',
        url: `/api/public/order/${code}/status?keys=${crypto.randomUUID()}&lang=es`,
        remoteAddress: ip,
      });
    for (let i = 0; i < 240; i++) expect((await read('203.0.113.77')).statusCode).toBe(200);
    const over = await read('203.0.113.77');
    expect(over.statusCode).toBe(429);
    expect(over.json().details).toBe(fnbTexts.es.errors.tooManyReads);
    expect((await read('203.0.113.78')).statusCode).toBe(200);
    // The guest Wi-Fi's one address: the phones at another unit (another code) still read.
    const other = await fnbToken(
      t.deps.db,
      (await t.deps.db.selectFrom('positions').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow()).id,
    );
    expect((await read('203.0.113.77', other)).statusCode).toBe(200);
    clock.advance(60_000);
    expect((await read('203.0.113.77')).statusCode).toBe(200);
    // …up to the address's ceiling over all codes (counted before a code is looked up).
    clock.advance(60_000);
    const ceiling = fnbLimits.maxReadsPerAddressAllCodesPerMinute;
    for (let i = 0; i < ceiling; i++) takeRead(t.deps, '203.0.113.79', `made-up-code-${i % 500}`, 'en');
    expect(() => takeRead(t.deps, '203.0.113.79', other, 'en')).toThrow(fnbTexts.en.errors.tooManyReads);
    expect((await read('203.0.113.79', other)).statusCode).toBe(429);
    expect((await read('203.0.113.80', other)).statusCode).toBe(200);
  });

  it('lets any seller 86 an item, only in the menu they see', async () => {
    const beer = (
      await t.deps.db.selectFrom('fnb_items').select('id').where('name', '=', 'Beer').executeTakeFirstOrThrow()
    ).id;
    const r = await post('staff', 'setFnbSoldOut', { itemId: beer, soldOut: true });
    expect(r.json().details).toBe(en.admin.soldOutOn('Beer'));
    expect((await post('staff', 'setFnbSoldOut', { itemId: 999999, soldOut: true })).statusCode).toBe(404);
    expect((await post('staff', 'setFnbSoldOut', { itemId: beer, soldOut: 'yes' })).statusCode).toBe(400);
    const audit = await t.deps.db.selectFrom('audit_log').select('detail').where('kind', '=', 'fnb86').execute();
    expect(audit.map((a) => a.detail)).toContain('Beer sold out');
  });
});
