import { messages } from '@sandbar/contract/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp, injectAs, testDialect } from '../helpers';

const m = messages.price;

describe(`price calls on ${testDialect}`, () => {
  let t: TestApp;
  const save = (as: string, postData: object) =>
    injectAs(t.app, as, { method: 'POST', url: '/api/savePrice', payload: { postData } });
  let hyatt = 0;
  beforeAll(async () => {
    t = await buildTestApp();
    hyatt = (await t.deps.db.selectFrom('hotels').select('id').where('name', '=', 'Hyatt').executeTakeFirstOrThrow())
      .id;
  });
  afterAll(async () => t.close());

  it('lists prices in sort order with money strings and hotel links', async () => {
    const body = (await injectAs(t.app, 'admin', { method: 'GET', url: '/api/getPriceList' })).json();
    expect(body.prices[0]).toMatchObject({
      name: 'Umbrella + 2 Chairs',
      price: '35.00',
      retailRate: '35.00',
      hotelRate: '0.00',
      addOn: '0',
      startTime: 7,
      endTime: 14,
      unitType: 'U',
      allHotels: '0',
    });
    const hy = body.prices.find((p: { name: string }) => p.name === 'Hyatt Guest Umbrella');
    expect(hy).toMatchObject({ projectHotels: String(hyatt), hotelRate: '20.00' });
    expect(body.hotels.map((h: { name: string }) => h.name)).toEqual(['Hyatt', 'Wyndham']);
  });

  it('is for admins only: 403 for S, M and U on every call', async () => {
    for (const who of ['supervisor', 'manager', 'staff']) {
      expect((await injectAs(t.app, who, { method: 'GET', url: '/api/getPriceList' })).statusCode).toBe(403);
      expect((await injectAs(t.app, who, { method: 'GET', url: '/api/getPriceList/1' })).statusCode).toBe(403);
      expect((await save(who, { name: 'x' })).statusCode).toBe(403);
      expect(
        (await injectAs(t.app, who, { method: 'POST', url: '/api/deletePrice', payload: { postData: 1 } })).statusCode,
      ).toBe(403);
    }
  });

  it('gives every add message and refuses a hotel link on add', async () => {
    const res = await save('admin', {});
    expect(res.json().details).toBe(
      [m.nameBlank, m.priceBlank, m.startTimeBlank, m.endTimeBlank, m.unitCodeBlank].join(' '),
    );
    const link = await save('admin', {
      name: 'X',
      price: '1.00',
      startTime: 7,
      endTime: 9,
      unitType: 'U',
      projectHotels: String(hyatt),
    });
    expect(link.statusCode).toBe(400);
    expect(link.json().details).toBe(m.hotelOnEditOnly);
    const bad = await save('admin', { name: 'X', price: 'abc', startTime: 25, endTime: 9, unitType: 'Q' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toMatch(/35\.00/);
    expect(bad.json().details).toMatch(/0 to 24/);
    expect(bad.json().details).toMatch(/U, C, B, X, P, T/);
  });

  it('adds a price with rates defaulting to 0.00, then edits it with only a name and links a hotel', async () => {
    const res = await save('admin', {
      name: 'Sunset Umbrella',
      price: '15',
      startTime: '17',
      endTime: '20',
      unitType: 'u',
      addOn: '0',
      sort: '30',
    });
    expect(res.statusCode).toBe(200);
    const { id } = res.json();
    let p = (await injectAs(t.app, 'admin', { method: 'GET', url: `/api/getPriceList/${id}` })).json().price;
    expect(p).toMatchObject({
      name: 'Sunset Umbrella',
      price: '15.00',
      retailRate: '0.00',
      hotelRate: '0.00',
      unitType: 'U',
      startTime: 17,
      sort: 30,
      projectHotels: '',
    });
    const nameOnly = await save('admin', { id, name: '' });
    expect(nameOnly.json().details).toBe(m.nameBlank);
    expect(
      (await save('admin', { id, name: 'Sunset Umbrella 2', projectHotels: String(hyatt), hotelRate: '12.50' }))
        .statusCode,
    ).toBe(200);
    p = (await injectAs(t.app, 'admin', { method: 'GET', url: `/api/getPriceList/${id}` })).json().price;
    expect(p).toMatchObject({
      name: 'Sunset Umbrella 2',
      price: '15.00',
      hotelRate: '12.50',
      projectHotels: String(hyatt),
      startTime: 17,
    });
    expect((await save('admin', { id, name: 'Sunset Umbrella 2', allHotels: '1' })).statusCode).toBe(200);
    p = (await injectAs(t.app, 'admin', { method: 'GET', url: `/api/getPriceList/${id}` })).json().price;
    expect(p).toMatchObject({ allHotels: '1', projectHotels: '' });
    expect((await save('admin', { id, name: 'x', startTime: 21 })).statusCode).toBe(400);
  });

  it('deletes a price', async () => {
    const { id } = (
      await save('admin', { name: 'Temp', price: '1.00', startTime: 7, endTime: 8, unitType: 'X' })
    ).json();
    const res = await injectAs(t.app, 'admin', { method: 'POST', url: '/api/deletePrice', payload: { postData: id } });
    expect(res.json()).toEqual({ success: 1, details: m.deleted });
    expect((await injectAs(t.app, 'admin', { method: 'GET', url: `/api/getPriceList/${id}` })).statusCode).toBe(404);
  });
});
