import { messages } from '@sandbar/contract/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoLogDetails } from '../../src/features/log-details/log-details.seed';
import { type TestApp, buildTestApp, injectAs, testDialect } from '../helpers';

const field = (over: Record<string, unknown> = {}) => ({
  category: 'Setup',
  name: `field${Math.random().toString(36).slice(2, 8)}`,
  label: 'A label',
  placeholder: 'A hint',
  fieldSort: 5,
  fieldType: 'text',
  ...over,
});

describe(`log details calls on ${testDialect}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  const save = (postData: unknown, user = 'admin') =>
    injectAs(t.app, user, { method: 'POST', url: '/api/saveLogDetails', payload: { postData } });

  it('lists the demo fields in daily-log order (category, then sort)', async () => {
    const res = await injectAs(t.app, 'admin', { method: 'GET', url: '/api/getLogDetailsList' });
    expect(res.statusCode).toBe(200);
    const { logDetails } = res.json();
    expect(logDetails).toHaveLength(demoLogDetails.length);
    expect(logDetails[0]).toMatchObject({
      category: 'Setup',
      name: 'umbrellasSetUp',
      fieldSort: 1,
      fieldType: 'number',
    });
    const cats = logDetails.map((d: { category: string }) => d.category);
    expect(cats.indexOf('Operation')).toBeGreaterThan(cats.lastIndexOf('Setup'));
    expect(cats.indexOf('Tear Down')).toBeGreaterThan(cats.lastIndexOf('Operation'));
  });

  it('adds a field and answers {type: saveLogDetail, success: 1}, then reads it back', async () => {
    const res = await save(field({ name: 'sunscreenStock', label: 'Sunscreen stock', fieldSort: '7' }));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ type: 'saveLogDetail', success: 1 });
    const one = await injectAs(t.app, 'admin', { method: 'GET', url: `/api/getLogDetailsList/${body.id}` });
    expect(one.statusCode).toBe(200);
    expect(one.json().logDetail).toEqual({
      id: body.id,
      category: 'Setup',
      name: 'sunscreenStock',
      label: 'Sunscreen stock',
      placeholder: 'A hint',
      fieldSort: 7,
      fieldType: 'text',
    });
  });

  it('edits a field by id', async () => {
    const { id } = (await save(field({ name: 'toEdit' }))).json();
    const res = await save({
      ...field({ name: 'toEdit', category: 'Tear Down', fieldType: 'checkbox' }),
      id: String(id),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ type: 'saveLogDetail', success: 1, id });
    const one = await injectAs(t.app, 'admin', { method: 'GET', url: `/api/getLogDetailsList/${id}` });
    expect(one.json().logDetail).toMatchObject({ category: 'Tear Down', fieldType: 'checkbox' });
  });

  it('gives the four spec messages for blank fields', async () => {
    const res = await save({ category: '', name: '', fieldSort: '', fieldType: '' });
    expect(res.statusCode).toBe(400);
    const d = res.json().details as string;
    for (const m of ['categoryBlank', 'nameBlank', 'sortBlank', 'fieldTypeBlank'] as const) {
      expect(d).toContain(messages.logDetail[m]);
    }
    const missing = await injectAs(t.app, 'admin', { method: 'POST', url: '/api/saveLogDetails', payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details).toContain(messages.logDetail.nameBlank);
    const one = await save(field({ fieldSort: '' }));
    expect(one.json().details).toBe(messages.logDetail.sortBlank);
  });

  it('refuses options outside the spec lists and a non-numeric sort', async () => {
    const res = await save(field({ category: 'Lunch', fieldType: 'select', fieldSort: 'abc' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toBe(
      [messages.logDetail.categoryBlank, messages.logDetail.sortBlank, messages.logDetail.fieldTypeBlank].join(' '),
    );
  });

  it('keeps field names unique (409) and answers 404 for unknown ids', async () => {
    const dup = await save(field({ name: 'windFlag' }));
    expect(dup.statusCode).toBe(409);
    expect(dup.json().details).toMatch(/already exists/);
    expect((await save({ ...field(), id: 999999 })).statusCode).toBe(404);
    expect((await injectAs(t.app, 'admin', { method: 'GET', url: '/api/getLogDetailsList/999999' })).statusCode).toBe(
      404,
    );
    expect((await injectAs(t.app, 'admin', { method: 'GET', url: '/api/getLogDetailsList/abc' })).statusCode).toBe(400);
  });

  it('deletes with the spec message', async () => {
    const { id } = (await save(field())).json();
    const res = await injectAs(t.app, 'admin', {
      method: 'POST',
      url: '/api/deleteLogDetails',
      payload: { postData: id },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: 1, details: messages.logDetail.deleted });
    const again = await injectAs(t.app, 'admin', {
      method: 'POST',
      url: '/api/deleteLogDetails',
      payload: { postData: id },
    });
    expect(again.statusCode).toBe(404);
    const bad = await injectAs(t.app, 'admin', { method: 'POST', url: '/api/deleteLogDetails', payload: {} });
    expect(bad.statusCode).toBe(400);
  });

  it.each(['supervisor', 'manager', 'staff'])('refuses %s with 403 on every call', async (user) => {
    const calls = [
      { method: 'GET' as const, url: '/api/getLogDetailsList' },
      { method: 'GET' as const, url: '/api/getLogDetailsList/1' },
      { method: 'POST' as const, url: '/api/saveLogDetails', payload: { postData: field() } },
      { method: 'POST' as const, url: '/api/saveLogDetails', payload: {} },
      { method: 'POST' as const, url: '/api/deleteLogDetails', payload: { postData: 1 } },
    ];
    for (const c of calls) {
      const res = await injectAs(t.app, user, c);
      expect(res.statusCode, `${c.method} ${c.url}`).toBe(403);
      expect(res.json().details).toBeTruthy();
    }
    const list = await injectAs(t.app, 'admin', { method: 'GET', url: '/api/getLogDetailsList/1' });
    expect(list.statusCode).toBe(200);
  });

  it('answers 401 without a token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/getLogDetailsList' })).statusCode).toBe(401);
  });
});
