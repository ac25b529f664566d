import { postingTexts } from '@sandbar/contract/pms-postings';
import { ReportData } from '@sandbar/contract/reports';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveHotelPms } from '../../src/features/pms/pms.service';
import { runPostingQueue } from '../../src/features/pms/postings.service';
import { fixedClock } from '../../src/platform/clock';
import { type MewsFake, startMewsFake } from '../fixtures/mews/mews-fake';
import { type TestApp, buildTestApp, injectAs, testDialect } from '../helpers';
import { DAY, MORNING, buildSale, hotelId, priceId, unitId } from '../sales/factories';

// Issue 34, point 3 on the screens: each room charge's posting on All Transactions, its View and
// the admins' Postings screen; Retry puts a failed posting back in the queue; Needs attention
// counts what still fails.
describe(`posting screens on ${testDialect}`, () => {
  let t: TestApp;
  let mews: MewsFake;
  const clock = fixedClock(MORNING);
  let hyatt = 0;
  const ids: Record<string, number> = {};
  const get = (user: string, url: string) => injectAs(t.app, user, { method: 'GET', url: `/api/${url}` });
  const post = (user: string, url: string, payload: unknown) =>
    injectAs(t.app, user, { method: 'POST', url: `/api/${url}`, payload: payload as object });
  const connect = (propertyCode: string) =>
    saveHotelPms(t.deps, {
      hotelId: hyatt,
      kind: 'mews',
      endpoint: mews.url,
      propertyCode,
      currency: 'USD',
      credentials: { clientToken: mews.clientToken, accessToken: mews.accessToken },
      mapping: { umbrella: 'ac-umbrella', cabana: 'ac-cabana', addon: 'ac-addon', fnb: 'ac-fnb', tip: 'ac-tip' },
    });
  const allTransactions = async () => {
    const res = await get('admin', `getReport/allTransactions/${Math.floor(MORNING / 1000) + 3600}`);
    expect(res.statusCode, res.body).toBe(200);
    const r = ReportData.parse(res.json());
    const col = r.reportHeaders.indexOf('Posting');
    return { headers: r.reportHeaders, cell: (id: number) => r.reportRows.find((row) => row.at(-1) === id)?.[col] };
  };

  beforeAll(async () => {
    mews = await startMewsFake();
    t = await buildTestApp({ clock, env: { SANDBAR_SECRET_KEY: 'ef'.repeat(32) } });
    hyatt = await hotelId(t.deps.db, 'Hyatt');
    await connect(mews.serviceId);
    const item = await priceId(t.deps.db, 'Hyatt Guest Umbrella');
    const sell = async (n: number, o: object) => {
      const res = await post(
        'staff',
        'saveCustomer',
        buildSale({ unitId: await unitId(t.deps.db, 'MB', n), selectedUnit: item, ...o }),
      );
      expect(res.statusCode, res.body).toBe(200);
      return res.json().saleId as number;
    };
    const room = { paymentMethod: 'Room Charge', roomChargeHotel: hyatt, customerName: '', orderTotal: '20.00' };
    ids.posted = await sell(20, { ...room, lastName: 'Smith', roomNumber: '305' });
    ids.cash = await sell(21, { selectedUnit: await priceId(t.deps.db, 'Umbrella + 2 Chairs'), orderTotal: '35.00' });
    await runPostingQueue(t.deps);
    // The service id goes wrong: Mews refuses the next charge (400), the posting fails with its message.
    ids.failed = await sell(22, { ...room, lastName: 'García', roomNumber: '1210' });
    await connect('bd26d8db-0000-4000-8000-000000000000');
    clock.advance(1000);
    await runPostingQueue(t.deps);
    await connect(mews.serviceId);
    ids.pending = await sell(23, { ...room, lastName: 'Smith', roomNumber: '305' });
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await mews.close();
  });

  it('All Transactions: a Posting column with posted (the reference), failed (the message) and pending', async () => {
    const r = await allTransactions();
    expect(r.headers.slice(-4)).toEqual(['Posting', 'Status', 'Editable', 'ID']);
    expect(r.cell(ids.posted!)).toMatch(/^Posted [0-9a-f-]{36}$/);
    expect(r.cell(ids.failed!)).toBe(`${postingTexts.failed}: The PMS refused it (400): Invalid ServiceId.`);
    // Not yet picked up by the queue: pending all the same (the sale is the queue's record).
    expect(r.cell(ids.pending!)).toBe(postingTexts.pending);
    expect(r.cell(ids.cash!)).toBe('');
  });

  it("the Postings screen: a day's postings per hotel with status and reason; admins only", async () => {
    const res = await get('admin', `getPmsPostings?day=${DAY}&hotelId=${hyatt}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.hotels).toEqual([{ id: hyatt, name: 'Hyatt', kind: 'mews' }]);
    expect(body.counts).toEqual({ pending: 0, posted: 1, failed: 1, voided: 0 });
    const failed = body.postings.find((p: { saleId: number }) => p.saleId === ids.failed);
    expect(failed).toMatchObject({
      status: 'failed',
      state: 'failed',
      amount: '20.00',
      room: '1210',
      hotel: 'Hyatt',
      error: 'The PMS refused it (400): Invalid ServiceId.',
      invoice: String(ids.failed).padStart(6, '0'),
    });
    expect((await get('admin', `getPmsPostings?day=2026-07-05`)).json().postings).toEqual([]);
    expect((await get('admin', `getPmsPostings?day=July`)).statusCode).toBe(400);
    expect((await get('supervisor', `getPmsPostings?day=${DAY}`)).statusCode).toBe(403);
    expect((await get('staff', 'getFailedPmsPostings')).statusCode).toBe(403);
  });

  it("a sale's View reads its postings (supervisors too)", async () => {
    const res = await get('supervisor', `getSalePostings/${ids.posted}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().postings).toMatchObject([{ status: 'posted', state: 'posted', reference: expect.any(String) }]);
    expect((await get('staff', `getSalePostings/${ids.posted}`)).statusCode).toBe(403);
  });

  it('Needs attention counts the failed posting; Retry sends it again and it posts once', async () => {
    const attention = await get('admin', 'getFailedPmsPostings');
    expect(attention.json()).toMatchObject({ failed: 1, postings: [{ saleId: ids.failed }] });
    const failedId = attention.json().postings[0].id as number;
    const posted = (await get('admin', `getSalePostings/${ids.posted}`)).json().postings[0].id as number;
    const notFailed = await post('admin', 'retryPmsPosting', { postData: posted });
    expect(notFailed.statusCode).toBe(409);
    expect(notFailed.json().details).toBe(postingTexts.notFailed);
    expect((await post('admin', 'retryPmsPosting', { postData: 99999 })).statusCode).toBe(404);
    expect((await post('supervisor', 'retryPmsPosting', { postData: failedId })).statusCode).toBe(403);
    const retried = await post('admin', 'retryPmsPosting', { postData: failedId });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json().details).toBe(postingTexts.retried);
    const orders = mews.orders;
    await runPostingQueue(t.deps);
    expect(mews.orders).toBe(orders + 2); // the retried one and the pending sale's
    expect((await get('admin', 'getFailedPmsPostings')).json().failed).toBe(0);
    const r = await allTransactions();
    expect(r.cell(ids.failed!)).toMatch(/^Posted /);
    expect(r.cell(ids.pending!)).toMatch(/^Posted /);
    expect(mews.violations).toEqual([]);
  });
});
