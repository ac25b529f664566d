import { ReportData, dailyReportTypes, roomChargeType } from '@sandbar/contract/reports';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../factories';
import { type TestApp, buildTestApp, injectAs, testDialect } from '../helpers';
import { DAY, type FixtureIds, TS, at, fixtureClock, sellFixtureDay } from './fixture-day';

describe(`reports on ${testDialect}`, () => {
  let t: TestApp;
  let ids: FixtureIds;
  const clock = fixtureClock();
  const get = (user: string, url: string) => injectAs(t.app, user, { method: 'GET', url: `/api/${url}` });
  const post = (user: string, url: string, payload: object) =>
    injectAs(t.app, user, { method: 'POST', url: `/api/${url}`, payload });
  const report = async (type: string, user = 'admin', ts = TS) => {
    const res = await get(user, `getReport/${type}/${ts}`);
    expect(res.statusCode, res.body).toBe(200);
    return ReportData.parse(res.json());
  };
  const blank = (n: number) => Array<string>(n).fill('');

  beforeAll(async () => {
    t = await buildTestApp({ clock });
    ids = await sellFixtureDay(t, clock);
  });
  afterAll(async () => t.close());

  it('sales: each live sale with its units, and totals per method', async () => {
    const r = await report('sales');
    expect(r).toMatchObject({
      reportType: 'sales',
      reportTitle: `Sales ${DAY}`,
      startDate: DAY,
      endDate: DAY,
      timeStamp: TS,
      currentDate: DAY,
      reportSettings: { emailAddresses: '' },
    });
    expect(r.startTime).toBe(at(0, 0));
    expect(r.endTime).toBe(at(24, 0) - 1);
    expect(r.reportHeaders).toEqual([
      'Time',
      'Invoice',
      'Unit(s)',
      'Location',
      'Agent',
      'Method',
      'Price',
      'Tip',
      'Total',
    ]);
    const inv = (id: number) => String(id).padStart(6, '0');
    expect(r.reportRows).toEqual([
      ['10:00', inv(ids.A), 'MB 1', 'MB', 'Casey Staff', 'Cash', '30.00', '0.00', '30.00'],
      ['10:30', inv(ids.B), 'MB 2', 'MB', 'Casey Staff', 'Credit Card', '35.00', '5.00', '40.00'],
      ['11:15', inv(ids.C), 'MB 3', 'MB', 'Sam Supervisor', 'Room Charge', '20.00', '3.00', '23.00'],
      ['11:45', inv(ids.D), 'MB 4', 'MB', 'Sam Supervisor', 'Voucher', '35.00', '0.00', '35.00'],
      ['12:10', inv(ids.E), 'MB 5, MB 6', 'MB', 'Casey Staff', 'Cash', '70.00', '0.00', '70.00'],
    ]);
    expect(r.reportFooter).toEqual([
      ['Credit Card (1)', ...blank(5), '35.00', '5.00', '40.00'],
      ['Room Charge (1)', ...blank(5), '20.00', '3.00', '23.00'],
      ['Voucher (1)', ...blank(5), '35.00', '0.00', '35.00'],
      ['Cash (2)', ...blank(5), '100.00', '0.00', '100.00'],
      ['Total (5)', ...blank(5), '190.00', '8.00', '198.00'],
    ]);
  });

  it('salesLocation, salesAgent and the agent ranking', async () => {
    const loc = await report('salesLocation');
    expect(loc.reportHeaders).toEqual([
      'Location',
      'Sales',
      'Units',
      'Credit Card',
      'Room Charge',
      'Voucher',
      'Cash',
      'Total',
    ]);
    expect(loc.reportRows).toEqual([['MB', 5, 6, '40.00', '23.00', '35.00', '100.00', '198.00']]);
    expect(loc.reportFooter).toEqual([['Total', 5, 6, '40.00', '23.00', '35.00', '100.00', '198.00']]);

    const agent = await report('salesAgent');
    expect(agent.reportRows).toEqual([
      ['Casey Staff', 3, '40.00', '0.00', '0.00', '100.00', '5.00', '140.00'],
      ['Sam Supervisor', 2, '0.00', '23.00', '35.00', '0.00', '3.00', '58.00'],
    ]);
    expect(agent.reportFooter).toEqual([['Total', 5, '40.00', '23.00', '35.00', '100.00', '8.00', '198.00']]);

    const rank = await report('salesAgentCompetitive');
    expect(rank.reportRows).toEqual([
      [1, 'Casey Staff', 3, '140.00', '70.7%'],
      [2, 'Sam Supervisor', 2, '58.00', '29.3%'],
    ]);
    expect(rank.reportFooter).toEqual([]);
  });

  it('hourlySales: a table of hours per agent, and the chart series', async () => {
    const r = await report('hourlySales');
    expect(r.reportRows).toEqual([
      ['10:00', 2, '70.00'],
      ['11:00', 2, '58.00'],
      ['12:00', 1, '70.00'],
    ]);
    expect(r.reportFooter).toEqual([['Total', 5, '198.00']]);
    expect(r.agents.map((a) => [a.name, a.rows, a.footer])).toEqual([
      [
        'Casey Staff',
        [
          ['10:00', 2, '70.00'],
          ['12:00', 1, '70.00'],
        ],
        [['Total', 3, '140.00']],
      ],
      ['Sam Supervisor', [['11:00', 2, '58.00']], [['Total', 2, '58.00']]],
    ]);
    expect(r.hourly).toEqual([
      { hour: 10, sales: 2, revenue: '70.00' },
      { hour: 11, sales: 2, revenue: '58.00' },
      { hour: 12, sales: 1, revenue: '70.00' },
    ]);
  });

  it('move, reprint and customPrice', async () => {
    const move = await report('move');
    expect(move.reportRows).toEqual([['13:30', 'Casey Staff', 'Pat Guest', 'MB 1', 'MB 8']]);
    expect(move.reportFooter).toEqual([['Moves', 1, '', '', '']]);

    const reprint = await report('reprint');
    expect(reprint.reportRows).toEqual([['13:40', 'Casey Staff', String(ids.B).padStart(6, '0'), 'MB 2']]);
    expect(reprint.reportFooter).toEqual([['Reprints', 1, '', '']]);

    const custom = await report('customPrice');
    expect(custom.reportRows).toEqual([
      ['10:00', String(ids.A).padStart(6, '0'), 'MB 1', 'Casey Staff', '35.00', '30.00', '-5.00', 'Alex Admin'],
    ]);
    expect(custom.reportFooter).toEqual([['Total (1)', '', '', '', '', '', '-5.00', '']]);
  });

  it('charge, the per-hotel RoomCharge reports and the card reports', async () => {
    const charge = await report('charge');
    expect(charge.reportRows).toEqual([['11:15', 'Hyatt', '0412', 'Miller', 'MB 3', '23.00']]);
    expect(charge.reportFooter).toEqual([
      ['Hyatt (1)', '', '', '', '', '23.00'],
      ['Total (1)', '', '', '', '', '23.00'],
    ]);
    expect(roomChargeType('Hyatt')).toBe('hyattRoomCharge');
    const hyatt = await report('hyattRoomCharge');
    expect(hyatt.reportTitle).toBe(`Hyatt Room Charges ${DAY}`);
    expect(hyatt.reportRows).toEqual([
      ['11:15', String(ids.C).padStart(6, '0'), '0412', 'Miller', 'MB 3', '20.00', '3.00', '23.00', 1, ids.C],
    ]);
    expect(hyatt.reportFooter).toEqual([['Total (1)', '', '', '', '', '20.00', '3.00', '23.00', '', '']]);
    const wyndham = await report('wyndhamRoomCharge');
    expect(wyndham.reportRows).toEqual([]);

    const daily = await report('creditCardDaily');
    expect(daily.reportRows).toEqual([['10:30', 'sq_fixture_b', 'Casey Staff', 'MB 2', '35.00', '5.00', '40.00']]);
    expect(daily.reportFooter).toEqual([['Total (1)', '', '', '', '35.00', '5.00', '40.00']]);
    const card = await report('creditCard');
    expect(card.reportRows).toEqual([['Casey Staff', 'MB', 1, '35.00', '5.00', '40.00']]);
    expect(card.reportFooter).toEqual([['Total', '', 1, '35.00', '5.00', '40.00']]);
  });

  it('tips: agentTip, tip and creditCardTips', async () => {
    const agentTip = await report('agentTip');
    expect(agentTip.reportRows).toEqual([
      ['Casey Staff', 1, '5.00', '0.00', '0.00', '0.00', '5.00'],
      ['Sam Supervisor', 1, '0.00', '3.00', '0.00', '0.00', '3.00'],
    ]);
    expect(agentTip.reportFooter).toEqual([['Total', 2, '5.00', '3.00', '0.00', '0.00', '8.00']]);
    const tip = await report('tip');
    expect(tip.reportRows.map((r) => [r[4], r[6], r.at(-2), r.at(-1)])).toEqual([
      ['Credit Card', '5.00', 1, ids.B],
      ['Room Charge', '3.00', 1, ids.C],
    ]);
    expect(tip.reportFooter.at(-1)).toEqual(['Total (2)', '', '', '', '', '55.00', '8.00', '63.00', '', '']);
    const cardTips = await report('creditCardTips');
    expect(cardTips.reportRows.map((r) => r.at(-1))).toEqual([ids.B]);
  });

  it('allTransactions: admins see the deleted sale (not counted); edit only on single-unit live rows', async () => {
    const r = await report('allTransactions');
    expect(r.reportHeaders.slice(-3)).toEqual(['Status', 'Editable', 'ID']);
    expect(r.reportRows.map((row) => [row.at(-1), row.at(-3), row.at(-2)])).toEqual([
      [ids.A, '', 1],
      [ids.B, '', 1],
      [ids.C, '', 1],
      [ids.D, '', 1],
      [ids.E, '', 0],
      [ids.F, 'Deleted', 0],
    ]);
    expect(r.reportFooter.at(-1)).toEqual(['Total (5)', ...blank(7), '190.00', '8.00', '198.00', '', '', '']);
    clock.set(at(16, 0));
    const sup = await report('allTransactions', 'supervisor');
    expect(sup.reportRows.map((row) => row.at(-1))).toEqual([ids.A, ids.B, ids.C, ids.D, ids.E]);
  });

  it("the day's totals equal the drop-off screens' to the cent (every method, tips, a cart, a move, a price edit, a deleted sale)", async () => {
    clock.set(at(16, 0));
    // The drop-off screen shows each method without its tips, and the tips apart.
    const sales = await report('sales');
    const col = (name: string) => sales.reportHeaders.indexOf(name);
    const cents = (v: unknown) => Math.round(Number(v) * 100);
    const money = (c: number) => (c / 100).toFixed(2);
    let taken = 0;
    for (const [user, name] of [
      ['staff', 'Casey Staff'],
      ['supervisor', 'Sam Supervisor'],
      ['admin', 'Alex Admin'],
    ] as const) {
      const o = (await get(user, 'getDropoffReport')).json().overview;
      const rows = sales.reportRows.filter((r) => r[col('Agent')] === name);
      const price = (method?: string) =>
        money(
          rows.filter((r) => !method || r[col('Method')] === method).reduce((n, r) => n + cents(r[col('Price')]), 0),
        );
      expect([o.todayTotal, o.ccTotal, o.cashTotal, o.roomChargeTotal, o.voucherTotal, o.tipTotal], name).toEqual([
        price(),
        price('Credit Card'),
        price('Cash'),
        price('Room Charge'),
        price('Voucher'),
        money(rows.reduce((n, r) => n + cents(r[col('Tip')]), 0)),
      ]);
      taken += cents(o.todayTotal) + cents(o.tipTotal);
    }
    expect(money(taken)).toBe(sales.reportFooter.at(-1)!.at(-1));
    expect(money(taken)).toBe('198.00');
  });

  it('userLog: per user sign-ins and actions, expandable by name', async () => {
    const r = await report('userLog');
    expect(r.reportHeaders).toEqual(['Name', 'Sign-ins', 'Sign-outs', 'Actions']);
    const staff = r.reportRows.find((row) => row[0] === 'Casey Staff');
    expect(staff?.[1]).toBe(1);
    expect(Number(staff?.[3])).toBeGreaterThanOrEqual(4);
    const group = r.agents.find((g) => g.name === 'Casey Staff')!;
    expect(r.userList).toContainEqual({ id: group.id, name: 'Casey Staff' });
    expect(group.rows[0]).toEqual(['10:00', 'Signed in (web)']);
    expect(group.rows.some((row) => String(row[1]).includes('MB 8'))).toBe(true);
  });

  it('a report is one business day in the venue zone: an instant late that evening is the same day', async () => {
    const late = Math.floor(at(23, 30) / 1000);
    expect((await report('sales', 'admin', late)).reportRows).toHaveLength(5);
    const nextDay = Math.floor(at(24, 30) / 1000);
    expect((await report('sales', 'admin', nextDay)).reportRows).toHaveLength(0);
  });

  it('search: a range of days, searchable types only', async () => {
    const from = at(0, 0) - 3 * 86_400_000;
    const to = at(12, 0);
    const res = await get('admin', `getSearchReport/dailyByType/${from}/${to}`);
    expect(res.statusCode, res.body).toBe(200);
    const r = ReportData.parse(res.json());
    expect(r).toMatchObject({
      startDate: '2026-07-01',
      endDate: DAY,
      reportTitle: `Daily Totals 2026-07-01 to ${DAY}`,
    });
    expect(r.reportRows).toEqual([[DAY, 5, '40.00', '23.00', '35.00', '100.00', '8.00', '198.00']]);
    const move = ReportData.parse((await get('admin', `getSearchReport/move/${from}/${to}`)).json());
    expect(move.reportRows[0]![0]).toBe(`${DAY} 13:30`);
    const hyatt = await get('admin', `getSearchReport/hyattRoomCharge/${from}/${to}`);
    expect(hyatt.json().reportRows).toHaveLength(1);
    expect((await get('admin', `getSearchReport/sales/${from}/${to}`)).statusCode).toBe(400);
    expect((await get('admin', `getSearchReport/move/${to}/${from}`)).statusCode).toBe(400);
    expect((await get('admin', `getSearchReport/nope/${from}/${to}`)).statusCode).toBe(404);
    expect((await get('admin', `getSearchReport/move/abc/${to}`)).statusCode).toBe(400);
    expect((await get('supervisor', `getSearchReport/move/${from}/${to}`)).statusCode).toBe(403);
  });

  it('list searches answer in pages, oldest first; the footer and the count cover the whole range', async () => {
    const from = at(0, 0) - 3 * 86_400_000;
    const to = at(12, 0);
    const search = async (type: string, query: string) => {
      const res = await get('admin', `getSearchReport/${type}/${from}/${to}?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return ReportData.parse(res.json());
    };
    const inv = (id: number) => String(id).padStart(6, '0');
    // Tipped and live: B (card, $5) and C (room charge, $3); F's tip went with its sale.
    const first = await search('tip', 'limit=1');
    expect(first.reportRows.map((r) => r[1])).toEqual([inv(ids.B)]);
    expect(first.page).toEqual({ total: 2, next: expect.stringMatching(/^2026-07-04\.\d+\.\d+$/) });
    const wholeRange = [
      ['Credit Card (1)', ...blank(4), '35.00', '5.00', '40.00', '', ''],
      ['Room Charge (1)', ...blank(4), '20.00', '3.00', '23.00', '', ''],
      ['Total (2)', ...blank(4), '55.00', '8.00', '63.00', '', ''],
    ];
    expect(first.reportFooter).toEqual(wholeRange);
    const second = await search('tip', `limit=1&after=${first.page!.next}`);
    expect(second.reportRows.map((r) => r[1])).toEqual([inv(ids.C)]);
    expect(second.page).toEqual({ total: 2, next: null });
    expect(second.reportFooter).toEqual(wholeRange);
    // The default page holds them all, and says there is no next one.
    expect((await search('tip', '')).page).toEqual({ total: 2, next: null });
    // Card sales (B; F is deleted) and one hotel's room charges (C) page the same way.
    const card = await search('creditCardDaily', 'limit=5');
    expect(card.reportRows).toHaveLength(1);
    expect(card.page).toEqual({ total: 1, next: null });
    expect(card.reportFooter).toEqual([['Total (1)', '', '', '', '35.00', '5.00', '40.00']]);
    const hyatt = await search('hyattRoomCharge', 'limit=1');
    expect(hyatt.page).toEqual({ total: 1, next: null });
    // The summary searches answer whole, without a page.
    expect((await search('dailyByType', '')).page).toBeUndefined();
    for (const bad of [
      'limit=0',
      'limit=5001',
      'limit=x',
      'after=12',
      'after=1.2.3',
      'after=2026-07-04.1',
      `after=2026-07-04.${'9'.repeat(16)}.1`,
    ]) {
      const res = await get('admin', `getSearchReport/tip/${from}/${to}?${bad}`);
      expect(res.statusCode, bad).toBe(400);
    }
  });

  it('every catalogue type answers for an admin; bad input is 400 or 404, never 500', async () => {
    for (const type of dailyReportTypes) await report(type);
    expect((await get('admin', `getReport/nope/${TS}`)).statusCode).toBe(404);
    expect((await get('admin', 'getReport/sales/abc')).statusCode).toBe(400);
    expect((await get('admin', 'getReport/sales/12345')).statusCode).toBe(400);
    expect((await get('admin', `getReport/sandyRoomCharge/${TS}`)).statusCode).toBe(404);
  });

  it('role limits: supervisors their set for today and yesterday; managers and users nothing', async () => {
    clock.set(at(16, 0));
    for (const type of [
      'salesLocation',
      'salesAgent',
      'hourlySales',
      'allTransactions',
      'userLog',
      'hyattRoomCharge',
    ]) {
      await report(type, 'supervisor');
    }
    for (const type of ['sales', 'move', 'creditCard', 'agentTip', 'tip', 'customPrice', 'charge']) {
      expect((await get('supervisor', `getReport/${type}/${TS}`)).statusCode, type).toBe(403);
    }
    // Sessions idle out after 12 h: a fresh supervisor signs in on each later day.
    for (const username of ['sup_next_day', 'sup_two_days']) {
      await buildUser(t.deps.db, { username, password: 'sandbar-demo', userType: 'S' });
    }
    clock.set(at(16, 0) + 86_400_000);
    await report('salesAgent', 'sup_next_day');
    clock.set(at(16, 0) + 2 * 86_400_000);
    expect((await get('sup_two_days', `getReport/salesAgent/${TS}`)).statusCode).toBe(403);
    expect((await get('sup_two_days', `getReport/salesAgent/${Math.floor(clock.now() / 1000)}`)).statusCode).toBe(200);
    clock.set(at(16, 0));
    for (const user of ['manager', 'staff']) {
      expect((await get(user, `getReport/salesAgent/${TS}`)).statusCode).toBe(403);
      expect((await get(user, `getSearchReport/move/0/${at(0, 0)}`)).statusCode).toBe(403);
    }
    const calls: [string, object][] = [
      ['deleteTransaction', { deleteId: ids.B }],
      ['deleteMultiTransaction', { deleteIds: `${ids.B}` }],
      ['deleteTipMultiTransaction', { deleteIds: `${ids.B}` }],
      ['restoreTransaction', { transactionId: ids.F }],
      ['saveTransaction', { price: '1.00', transactionId: ids.B }],
      ['getTip', { transactionId: ids.B }],
      ['saveTip', { tip: '1.00', transactionId: ids.B }],
      ['switchTransaction', { customerId: ids.C, reportType: 'wyndhamRoomCharge' }],
      ['lookupTransaction', { viewTransactionId: ids.B }],
    ];
    for (const user of ['supervisor', 'manager', 'staff']) {
      for (const [url, body] of calls) {
        expect((await post(user, url, body)).statusCode, `${user} ${url}`).toBe(403);
        expect((await post(user, url, {})).statusCode, `${user} ${url} {}`).toBe(403);
      }
    }
    expect((await t.app.inject({ method: 'GET', url: `/api/getReport/sales/${TS}` })).statusCode).toBe(401);
  });
});
