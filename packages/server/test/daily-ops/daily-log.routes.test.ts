import { dailyLogTexts } from '@sandbar/contract/daily-log';
import { messages } from '@sandbar/contract/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp, injectAs, testDialect } from '../helpers';

describe(`daily log calls on ${testDialect}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  const save = (payload: object, user = 'supervisor') =>
    injectAs(t.app, user, { method: 'POST', url: '/api/saveDailyLog', payload });
  const get = (id: number, user = 'manager') =>
    injectAs(t.app, user, { method: 'GET', url: `/api/getDailyLogList/${id}` });

  it('lists logs with the field definitions grouped and sorted, and the venue name', async () => {
    const res = await injectAs(t.app, 'manager', { method: 'GET', url: '/api/getDailyLogList' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.pageType).toBe('list');
    expect(body.dailyLogs).toEqual([]);
    expect(body.venueName).toBe('Sandbar Beach Club');
    expect(body.dailyLogFieldData[0]).toEqual({
      fieldName: 'umbrellasSetUp',
      fieldType: 'number',
      fieldLabel: 'Umbrellas set up',
      placeholder: 'How many',
      colSize: 3,
      category: 'Setup',
      options: [],
    });
    const incidents = body.dailyLogFieldData.find((f: { fieldName: string }) => f.fieldName === 'incidents');
    expect(incidents).toMatchObject({ fieldType: 'textarea', colSize: 1, category: 'Operation' });
    const closed = body.dailyLogFieldData.find((f: { fieldName: string }) => f.fieldName === 'weatherClosures');
    expect(closed.options).toEqual(['Lightning', 'High wind', 'Rip current']);
  });

  it('gives no initials to a toggle nobody touched, and the editor’s to one switched on or off', async () => {
    const res = await save({
      logDate: '2026-06-01',
      data: { umbrellasSetUp: { value: '40' }, lifeguardOnDuty: { value: '0' } },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { id } = res.json();
    expect((await get(id)).json().data.data).toEqual({ umbrellasSetUp: { value: '40', user: 'SS' } });
    await save({ id, logDate: '2026-06-01', data: { lifeguardOnDuty: { value: '1' } } }, 'admin');
    expect((await get(id)).json().data.data.lifeguardOnDuty).toEqual({ value: '1', user: 'AA' });
    await save({ id, logDate: '2026-06-01', data: { lifeguardOnDuty: { value: '0' } } }, 'manager');
    expect((await get(id)).json().data.data.lifeguardOnDuty).toEqual({ value: '0', user: 'MM' });
    const del = await injectAs(t.app, 'admin', {
      method: 'POST',
      url: '/api/deleteDailyLog',
      payload: { postData: id },
    });
    expect(del.statusCode).toBe(200);
  });

  it('adds a log: the editor initials go on every field given a value', async () => {
    const res = await save({
      id: '',
      logDate: '2026-07-04',
      data: { umbrellasSetUp: { value: '60', user: 'XX' }, windFlag: 'green', incidents: { value: '' }, nope: 'x' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: 1, details: dailyLogTexts.saved });
    const { id } = res.json();
    const one = await get(id);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ pageType: 'edit', venueName: 'Sandbar Beach Club' });
    expect(one.json().data).toEqual({
      id,
      logDate: '2026-07-04',
      data: { umbrellasSetUp: { value: '60', user: 'SS' }, windFlag: { value: 'green', user: 'SS' } },
    });
    const list = await injectAs(t.app, 'admin', { method: 'GET', url: '/api/getDailyLogList' });
    expect(list.json().dailyLogs).toEqual([{ id, logDate: '2026-07-04' }]);
  });

  it('an edit changes the initials of changed fields only', async () => {
    const { id } = (await save({ logDate: '2026-07-05', data: { umbrellasSetUp: '40', windFlag: 'yellow' } })).json();
    const res = await save(
      {
        id,
        logDate: '2026-07-05',
        data: { umbrellasSetUp: { value: '40', user: 'SS' }, windFlag: 'red', closingCashCount: 812.5 },
      },
      'manager',
    );
    expect(res.statusCode).toBe(200);
    expect((await get(id, 'admin')).json().data.data).toEqual({
      umbrellasSetUp: { value: '40', user: 'SS' },
      windFlag: { value: 'red', user: 'MM' },
      closingCashCount: { value: '812.5', user: 'MM' },
    });
  });

  it('an untouched toggle (sent as "0") gets nobody’s initials; switching it on or off does', async () => {
    const { id } = (await save({ logDate: '2026-07-08', data: { lifeguardOnDuty: '0', umbrellasSetUp: '10' } })).json();
    expect((await get(id)).json().data.data).toEqual({ umbrellasSetUp: { value: '10', user: 'SS' } });
    await save({ id, logDate: '2026-07-08', data: { lifeguardOnDuty: '1' } }, 'manager');
    expect((await get(id)).json().data.data.lifeguardOnDuty).toEqual({ value: '1', user: 'MM' });
    await save({ id, logDate: '2026-07-08', data: { lifeguardOnDuty: '0' } });
    expect((await get(id)).json().data.data.lifeguardOnDuty).toEqual({ value: '0', user: 'SS' });
  });

  it('keeps one log per date: a second add answers 409 with a clear message', async () => {
    await save({ logDate: '2026-07-06', data: {} });
    const dup = await save({ logDate: '2026-07-06', data: { windFlag: 'red' } }, 'manager');
    expect(dup.statusCode).toBe(409);
    expect(dup.json().details).toBe(dailyLogTexts.duplicate('2026-07-06'));
    // moving another log onto a taken date is refused too
    const other = (await save({ logDate: '2026-07-07' })).json();
    const move = await save({ id: other.id, logDate: '2026-07-06' });
    expect(move.statusCode).toBe(409);
  });

  it('two simultaneous adds for one date record one log', async () => {
    const results = await Promise.all([
      save({ logDate: '2026-08-01', data: { windFlag: 'a' } }, 'supervisor'),
      save({ logDate: '2026-08-01', data: { windFlag: 'b' } }, 'manager'),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  it('answers the spec message for a missing date, and checks dates and typed values', async () => {
    for (const logDate of [undefined, '', '   ']) {
      const res = await save({ logDate, data: {} });
      expect(res.statusCode).toBe(400);
      expect(res.json().details).toBe(messages.dailyLog.dateBlank);
    }
    expect((await save({ logDate: '2026-02-30' })).statusCode).toBe(400);
    const num = await save({ logDate: '2026-07-10', data: { umbrellasSetUp: 'lots' } });
    expect(num.statusCode).toBe(400);
    expect(num.json().details).toBe('"Umbrellas set up" must be a number.');
    const tog = await save({ logDate: '2026-07-10', data: { lifeguardOnDuty: 'maybe' } });
    expect(tog.statusCode).toBe(400);
    const bad = await save({ logDate: '2026-07-10', data: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect((await save({ id: 999999, logDate: '2026-07-11' })).statusCode).toBe(404);
  });

  it('deletes a log (admins only)', async () => {
    const { id } = (await save({ logDate: '2026-07-20' })).json();
    const s = await injectAs(t.app, 'supervisor', {
      method: 'POST',
      url: '/api/deleteDailyLog',
      payload: { postData: id },
    });
    expect(s.statusCode).toBe(403);
    const a = await injectAs(t.app, 'admin', {
      method: 'POST',
      url: '/api/deleteDailyLog',
      payload: { postData: String(id) },
    });
    expect(a.statusCode).toBe(200);
    expect(a.json()).toEqual({ success: 1, details: dailyLogTexts.deleted });
    expect((await get(id)).statusCode).toBe(404);
    const again = await injectAs(t.app, 'admin', {
      method: 'POST',
      url: '/api/deleteDailyLog',
      payload: { postData: id },
    });
    expect(again.statusCode).toBe(404);
  });

  it('A, S and M may read and write; U gets 403 on every call', async () => {
    for (const user of ['admin', 'supervisor', 'manager']) {
      expect((await injectAs(t.app, user, { method: 'GET', url: '/api/getDailyLogList' })).statusCode).toBe(200);
    }
    const { id } = (await save({ logDate: '2026-07-21' }, 'admin')).json();
    const calls = [
      { method: 'GET' as const, url: '/api/getDailyLogList' },
      { method: 'GET' as const, url: `/api/getDailyLogList/${id}` },
      { method: 'POST' as const, url: '/api/saveDailyLog', payload: { logDate: '2026-07-22', data: {} } },
      {
        method: 'POST' as const,
        url: '/api/saveDailyLog',
        payload: { id, logDate: '2026-07-21', data: { windFlag: 'x' } },
      },
      { method: 'POST' as const, url: '/api/saveDailyLog', payload: {} },
      { method: 'POST' as const, url: '/api/deleteDailyLog', payload: { postData: id } },
    ];
    for (const c of calls) {
      const res = await injectAs(t.app, 'staff', c);
      expect(res.statusCode, `${c.method} ${c.url}`).toBe(403);
    }
    expect((await get(id)).json().data.data).toEqual({});
    expect((await t.app.inject({ method: 'GET', url: '/api/getDailyLogList' })).statusCode).toBe(401);
  });
});
