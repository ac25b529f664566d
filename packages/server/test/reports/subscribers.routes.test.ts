import { messages } from '@sandbar/contract/messages';
import { ReportListResponse } from '@sandbar/contract/reports';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp, injectAs, testDialect } from '../helpers';
import { TS, fixtureClock, sellFixtureDay } from './fixture-day';

describe(`report subscribers and Reports Config on ${testDialect}`, () => {
  let t: TestApp;
  const clock = fixtureClock();
  const as = (user: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    injectAs(t.app, user, { method, url: `/api/${url}`, payload });

  beforeAll(async () => {
    t = await buildTestApp({ clock });
    await sellFixtureDay(t, clock);
  });
  afterAll(async () => t.close());

  it('saves subscribers (invalid addresses refused) and e-mails a report through the outbox', async () => {
    const bad = await as('admin', 'POST', 'saveEmailAddresses', {
      reportType: 'salesAgent',
      emailAddresses: 'a@b.test, nope',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toBe('These are not e-mail addresses: nope');
    expect((await as('admin', 'GET', `sendEmailReport/salesAgent/${TS}`)).statusCode).toBe(400); // no subscribers yet
    const ok = await as('admin', 'POST', 'saveEmailAddresses', {
      reportType: 'salesAgent',
      emailAddresses: 'owner@beach.test,  books@beach.test',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().emailAddresses).toBe('owner@beach.test, books@beach.test');
    const report = await as('admin', 'GET', `getReport/salesAgent/${TS}`);
    expect(report.json().reportSettings.emailAddresses).toBe('owner@beach.test, books@beach.test');
    const sent = await as('admin', 'GET', `sendEmailReport/salesAgent/${TS}`);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({ success: 1, details: messages.report.emailed, queued: 2 });
    const outbox = (await as('admin', 'GET', 'getOutbox')).json();
    const mails = JSON.stringify(outbox);
    expect(mails).toContain('books@beach.test');
    expect(mails).toContain('Sales by Agent 2026-07-04');
    // A hotel's room charges also go to its contacts.
    const hyatt = await as('admin', 'GET', `sendEmailReport/hyattRoomCharge/${TS}`);
    expect(hyatt.json().queued).toBe(1);
  });

  it('Reports Config: the list, one report, save with the spec message for a blank name', async () => {
    const list = ReportListResponse.parse((await as('admin', 'GET', 'getReportList')).json());
    const types = list.reports.map((r) => r.reportType);
    expect(types).toEqual(expect.arrayContaining(['sales', 'userLog', 'hyattRoomCharge', 'wyndhamRoomCharge']));
    const agent = list.reports.find((r) => r.reportType === 'salesAgent')!;
    expect(agent).toMatchObject({ name: 'Sales by Agent', emailAddresses: 'owner@beach.test, books@beach.test' });
    const one = await as('admin', 'GET', `getReportList/${agent.ID}`);
    expect(one.json()).toEqual({ report: agent, pageMode: 'editReport' });
    const blank = await as('admin', 'POST', 'saveReportList', {
      postData: { id: agent.ID, name: ' ', emailAddresses: '' },
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().details).toBe(messages.report.nameBlank);
    const saved = await as('admin', 'POST', 'saveReportList', {
      postData: { id: agent.ID, name: 'Agents', emailAddresses: 'x@beach.test', reportType: 'hacked' },
    });
    expect(saved.json()).toMatchObject({ success: 1, pageMode: 'saveReport' });
    const after = (await as('admin', 'GET', `getReportList/${agent.ID}`)).json().report;
    expect(after).toEqual({ ID: agent.ID, name: 'Agents', emailAddresses: 'x@beach.test', reportType: 'salesAgent' });
    expect((await as('admin', 'GET', 'getReportList/99999')).statusCode).toBe(404);
  });

  it('role limits: only admins', async () => {
    for (const user of ['supervisor', 'manager', 'staff']) {
      expect((await as(user, 'GET', 'getReportList')).statusCode).toBe(403);
      expect((await as(user, 'GET', 'getReportList/1')).statusCode).toBe(403);
      expect(
        (await as(user, 'POST', 'saveReportList', { postData: { id: 1, name: 'x', emailAddresses: '' } })).statusCode,
      ).toBe(403);
      expect(
        (await as(user, 'POST', 'saveEmailAddresses', { reportType: 'sales', emailAddresses: '' })).statusCode,
      ).toBe(403);
      expect((await as(user, 'GET', `sendEmailReport/sales/${TS}`)).statusCode).toBe(403);
    }
  });
});
