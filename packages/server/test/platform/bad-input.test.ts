import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NUL_TEXT } from '../../src/plugins/input-guard';
import { fixedClock } from '../../src/platform/clock';
import { type TestApp, buildTestApp, injectAs, testDialect } from '../helpers';
import { MORNING, buildSale, priceId, unitId } from '../sales/factories';

/** Issue 11, defect 5 (and issue 14, defect 7): bad input is a 400 with a clear `details`, on both databases. */
describe(`bounded input on ${testDialect}`, () => {
  let t: TestApp;
  const idText = 'An id must be a whole number from 1 to 2147483647.';
  const tsText = 'The time stamp must be a date between the years 2000 and 2099';
  beforeAll(async () => {
    t = await buildTestApp({ clock: fixedClock(MORNING) });
  });
  afterAll(async () => t.close());
  const get = (url: string) => injectAs(t.app, 'admin', { method: 'GET', url });
  const post = (url: string, payload: object) => injectAs(t.app, 'admin', { method: 'POST', url, payload });

  it('a malformed or out-of-range id in a path says so in words, not in zod', async () => {
    for (const url of ['/api/getUnit/abc', '/api/getUnit/2147483648', '/api/getUnit/1e308', '/api/getPeopleList/abc']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().details, url).toBe(idText);
    }
  });

  it('ids past the column type in bodies are 400s', async () => {
    for (const payload of [{ postData: 2147483648 }, { postData: 1e308 }, { postData: { id: 2147483648 } }]) {
      const res = await post('/api/deletePeople', payload);
      expect(res.statusCode, JSON.stringify(payload) + res.body).toBe(400);
    }
    const unit = await post('/api/markOccupied', { unitData: { unitId: 2147483648 } });
    expect(unit.statusCode).toBe(400);
  });

  it('a NUL byte anywhere is refused before it reaches the database (a sale would fail on every retry)', async () => {
    const sale = buildSale({
      unitId: await unitId(t.deps.db, 'MB', 5),
      selectedUnit: await priceId(t.deps.db, 'Umbrella + 2 Chairs'),
      customerName: 'Pat\u0000Guest',
    });
    const res = await injectAs(t.app, 'staff', { method: 'POST', url: '/api/saveCustomer', payload: sale });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toBe(NUL_TEXT);
    expect((await post('/api/saveConfigSettings', { venueName: 'a\u0000b' })).json().details).toBe(NUL_TEXT);
    expect((await get('/api/getUnit/1%00')).statusCode).toBe(400);
  });

  it('a login username over 100 characters is a 400, reachable without signing in', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'u'.repeat(5000), password: 'x' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toBe('Your username or password is not correct.');
  });

  it('a 16-digit timestamp or a day in year 33658 is a 400 on board, unit and unit actions', async () => {
    const unit = await unitId(t.deps.db, 'MB', 6);
    for (const url of [
      '/api/getUnits/9999999999999999',
      `/api/getUnit/${unit}/9999999999999999`,
      `/api/getUnit/${unit}/999999999999`,
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().details, url).toBe(tsText);
    }
    for (const timeStamp of [Number('9999999999999999'), 999999999999, 1099511627776000]) {
      const res = await post('/api/markOccupied', { unitData: { unitId: unit, timeStamp } });
      expect(res.statusCode).toBe(400);
      expect(res.json().details).toBe(tsText);
    }
    expect((await get(`/api/getUnit/${unit}/${Math.floor(MORNING / 1000)}`)).statusCode).toBe(200);
  });
});
