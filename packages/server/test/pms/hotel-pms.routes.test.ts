import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp, injectAs, testDialect } from '../helpers';
import { type MewsFake, startMewsFake } from '../fixtures/mews/mews-fake';

const KEY = '1f'.repeat(32);

describe(`a hotel's PMS connection (Admin → Hotels) on ${testDialect}`, () => {
  let t: TestApp;
  let mews: MewsFake;
  let hyatt: number;
  const save = (as: string, postData: object) =>
    injectAs(t.app, as, { method: 'POST', url: '/api/saveHotelPms', payload: { postData } });
  const get = (as: string, id: number) => injectAs(t.app, as, { method: 'GET', url: `/api/getHotelPms/${id}` });
  beforeAll(async () => {
    mews = await startMewsFake();
    t = await buildTestApp({ env: { SANDBAR_SECRET_KEY: KEY } });
    const hotels = (await injectAs(t.app, 'admin', { method: 'GET', url: '/api/getHotelList' })).json().hotels;
    hyatt = hotels.find((h: { name: string }) => h.name === 'Hyatt').id;
  });
  afterAll(async () => {
    await t.close();
    await mews.close();
  });

  it("the hotel list names each hotel's system; a connected hotel without room charges can be deleted", async () => {
    const list = async () =>
      (await injectAs(t.app, 'admin', { method: 'GET', url: '/api/getHotelList' })).json().hotels as {
        id: number;
        name: string;
        pms: string;
      }[];
    const add = await injectAs(t.app, 'admin', {
      method: 'POST',
      url: '/api/saveHotel',
      payload: {
        postData: { id: 0, name: 'Short Stay Inn', contactName: 'Desk', contactEmail: 'desk@inn.test', roomRange: '' },
      },
    });
    expect(add.statusCode, add.body).toBe(200);
    const id = add.json().id as number;
    expect((await save('admin', { hotelId: id, kind: 'mews', endpoint: mews.url })).statusCode).toBe(200);
    expect((await list()).find((h) => h.id === id)?.pms).toBe('mews');
    expect((await list()).find((h) => h.name === 'Wyndham')?.pms).toBe('roster');
    const del = await injectAs(t.app, 'admin', { method: 'POST', url: '/api/deleteHotel', payload: { postData: id } });
    expect(del.statusCode, del.body).toBe(200);
    expect((await list()).some((h) => h.id === id)).toBe(false);
  });

  it('is the roster until connected; admins only', async () => {
    expect((await get('admin', hyatt)).json()).toMatchObject({ kind: 'roster', credentialsSet: [], updatedAt: null });
    for (const who of ['supervisor', 'manager', 'staff']) {
      expect((await get(who, hyatt)).statusCode).toBe(403);
      expect((await save(who, { hotelId: hyatt, kind: 'roster' })).statusCode).toBe(403);
      expect(
        (await injectAs(t.app, who, { method: 'POST', url: '/api/testHotelPms', payload: { postData: hyatt } }))
          .statusCode,
      ).toBe(403);
    }
  });

  it('stores the credentials sealed (AES-256-GCM), answers only which are set, keeps them when left blank', async () => {
    const res = await save('admin', {
      hotelId: hyatt,
      kind: 'mews',
      endpoint: mews.url,
      propertyCode: mews.serviceId,
      currency: 'USD',
      credentials: { clientToken: mews.clientToken, accessToken: mews.accessToken },
      mapping: { umbrella: 'ac-umbrella', cabana: 'ac-cabana', addon: 'ac-addon', tip: 'ac-tip' },
    });
    expect(res.statusCode).toBe(200);
    const got = await get('admin', hyatt);
    expect(got.json()).toMatchObject({
      kind: 'mews',
      endpoint: mews.url,
      credentialsSet: ['clientToken', 'accessToken'],
      mapping: { umbrella: 'ac-umbrella', tip: 'ac-tip' },
    });
    expect(got.body).not.toContain(mews.accessToken);
    const row = await t.deps.db
      .selectFrom('hotel_pms')
      .selectAll()
      .where('hotel_id', '=', hyatt)
      .executeTakeFirstOrThrow();
    expect(row.secret_enc).toMatch(/^v1:/);
    expect(row.secret_enc).not.toContain(mews.accessToken);
    expect(Buffer.from(row.secret_enc.split(':')[3]!, 'base64').toString('latin1')).not.toContain('MEWS');
    // A save without credentials keeps them; the connection still answers.
    expect(
      (await save('admin', { hotelId: hyatt, kind: 'mews', endpoint: mews.url, propertyCode: mews.serviceId }))
        .statusCode,
    ).toBe(200);
    expect((await get('admin', hyatt)).json().credentialsSet).toEqual(['clientToken', 'accessToken']);
  });

  it('"Test connection" says what worked, step by step', async () => {
    const ok = (
      await injectAs(t.app, 'admin', { method: 'POST', url: '/api/testHotelPms', payload: { postData: hyatt } })
    ).json();
    expect(ok.ok).toBe(true);
    expect(ok.steps.map((s: { step: string }) => s.step)).toEqual([
      'Sign in and read the rooms (resources/getAll)',
      'Search guests (customers/search)',
      'Service for the charges',
    ]);
    await save('admin', {
      hotelId: hyatt,
      kind: 'mews',
      endpoint: mews.url,
      propertyCode: mews.serviceId,
      credentials: { accessToken: 'wrong' },
    });
    const bad = (
      await injectAs(t.app, 'admin', { method: 'POST', url: '/api/testHotelPms', payload: { postData: hyatt } })
    ).json();
    expect(bad.ok).toBe(false);
    expect(bad.steps[0]).toMatchObject({ ok: false, detail: expect.stringContaining('Invalid access token') });
    expect(mews.violations).toEqual([]);
  });

  it('refuses bad input: unknown credential fields, no endpoint, a bad currency; "Other" stays a roster', async () => {
    expect(
      (await save('admin', { hotelId: hyatt, kind: 'mews', endpoint: mews.url, credentials: { password: 'x' } }))
        .statusCode,
    ).toBe(400);
    expect((await save('admin', { hotelId: hyatt, kind: 'opera', endpoint: '' })).statusCode).toBe(400);
    expect(
      (await save('admin', { hotelId: hyatt, kind: 'mews', endpoint: mews.url, currency: 'dollars' })).statusCode,
    ).toBe(400);
    const hotels = (await injectAs(t.app, 'admin', { method: 'GET', url: '/api/getHotelList' })).json().hotels;
    const other = hotels.find((h: { isOther: string }) => h.isOther === '1').id;
    expect((await save('admin', { hotelId: other, kind: 'mews', endpoint: mews.url })).statusCode).toBe(400);
    expect((await save('admin', { hotelId: 99999, kind: 'roster' })).statusCode).toBe(404);
  });

  it('without SANDBAR_SECRET_KEY credentials are refused with how to set it', async () => {
    const bare = await buildTestApp();
    try {
      const res = await injectAs(bare.app, 'admin', {
        method: 'POST',
        url: '/api/saveHotelPms',
        payload: {
          postData: {
            hotelId: hyatt,
            kind: 'mews',
            endpoint: 'https://api.mews-demo.com',
            credentials: { accessToken: 'a' },
          },
        },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().details).toContain('SANDBAR_SECRET_KEY');
    } finally {
      await bare.close();
    }
  });
});
