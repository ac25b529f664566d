import { fnbTexts } from '@sandbar/contract/fnb-texts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendFnbRefunds } from '../../src/features/fnb/refunds.service';
import { fixedClock } from '../../src/platform/clock';
import type { TestProvider } from '../../src/platform/payments/test-provider';
import { type TestApp, buildTestApp, injectAs, testDialect } from '../helpers';
import { DAY, MORNING, buildSale, priceId, unitId } from '../sales/factories';
import { buildGuestOrder, buildStaffOrder, fnbItemId, fnbToken } from './factories';

const en = fnbTexts.en;

// Decisions 368 and 369: F&B refunds of online money are rows a worker sends and retries (the
// provider's idempotency key is the row's), refused ones are on Needs attention; staff refund an
// online-paid order or tab (all or part, a reason); an old day's open tab is settled by a
// supervisor or a manager, dated the day the money is taken.
describe(`F&B online refunds and old tabs on ${testDialect}`, () => {
  let t: TestApp;
  let provider: TestProvider;
  let beer: number;
  const clock = fixedClock(MORNING);
  const refOf = (payUrl: string) => /checkout\/(tcs_[0-9a-f]+)/.exec(payUrl)![1]!;
  const post = (user: string, url: string, payload: unknown) =>
    injectAs(t.app, user, { method: 'POST', url: `/api/${url}`, payload: payload as object });
  const get = (user: string, url: string) => injectAs(t.app, user, { method: 'GET', url: `/api/${url}` });
  const guest = (token: string, path: string, payload: unknown) =>
    t.app.inject({ method: 'POST', url: `/api/public/order/${token}${path}`, payload: payload as object });
  const providerRefunds = async (cents: number) =>
    (await provider.balanceTransactions(0, Number.MAX_SAFE_INTEGER)).filter(
      (l) => l.type === 'refund' && l.amountCents === -cents,
    ).length;
  const deliver = async (orderId: number) => {
    for (const _ of [1, 2]) await post('staff', 'bumpFnbOrder', { orderId, station: 'bar' });
    expect((await post('staff', 'moveFnbOrder', { orderId, status: 'delivered' })).statusCode).toBe(200);
  };
  /** A guest's order of `n` beers paid online (the webhook says paid), delivered. */
  const paidOnline = async (unitNumber: number, n: number) => {
    const token = await fnbToken(t.deps.db, await unitId(t.deps.db, 'MB', unitNumber));
    const r = await guest(
      token,
      '',
      buildGuestOrder({ lines: [{ itemId: beer, quantity: n }], totalCents: 600 * n, payment: 'online' }),
    );
    expect(r.statusCode, r.body).toBe(200);
    await provider.complete(refOf(r.json().payUrl), 'pay');
    const id = r.json().order.id as number;
    await deliver(id);
    return id;
  };
  const refund = (user: string, body: Record<string, unknown>) =>
    post(user, 'refundFnbOnline', { clientRefundId: crypto.randomUUID(), reason: 'Warm beer', ...body });

  beforeAll(async () => {
    t = await buildTestApp({ clock });
    provider = t.deps.payments as TestProvider;
    beer = await fnbItemId(t.deps.db, 'Beer');
  });
  afterAll(async () => t.close());

  it('keeps a refused refund as a row, lists it on Needs attention, retries it with backoff, refunds once', async () => {
    const token = await fnbToken(t.deps.db, await unitId(t.deps.db, 'MB', 60));
    const r = await guest(
      token,
      '',
      buildGuestOrder({ lines: [{ itemId: beer, quantity: 2 }], totalCents: 1200, payment: 'online' }),
    );
    await provider.complete(refOf(r.json().payUrl), 'pay');
    const orderId = r.json().order.id as number;
    const before = await providerRefunds(1200);
    provider.controls.refuseRefunds = true;
    try {
      const v = await post('manager', 'voidFnbOrder', { orderId, reason: 'Kitchen closed' });
      expect(v.statusCode, v.body).toBe(200);
      expect(v.json().details).toBe(`${en.staff.voided} ${en.refunds.voidNotRefunded}`);
      // On Needs attention for supervisors (not for attendants: 403), with the provider's words.
      const owed = (await get('supervisor', 'getFnbRefunds')).json().refunds;
      expect(owed).toEqual([
        expect.objectContaining({
          kind: 'void',
          orderId,
          amountCents: 1200,
          status: 'failed',
          error: 'The test provider refused the refund.',
          attempts: 1,
          nextAttemptAt: MORNING + 60_000,
        }),
      ]);
      expect((await get('staff', 'getFnbRefunds')).statusCode).toBe(403);
      // The job before its time sends nothing; at its time it tries again (refused: 2 minutes next).
      expect(await sendFnbRefunds(t.deps)).toEqual({ sent: 0, failed: 0 });
      clock.advance(60_000);
      expect(await sendFnbRefunds(t.deps)).toEqual({ sent: 0, failed: 1 });
      expect((await get('supervisor', 'getFnbRefunds')).json().refunds[0]).toMatchObject({
        attempts: 2,
        nextAttemptAt: MORNING + 60_000 + 120_000,
      });
    } finally {
      provider.controls.refuseRefunds = false;
    }
    // The provider is back: the next run refunds it, once.
    clock.advance(120_000);
    expect(await sendFnbRefunds(t.deps)).toEqual({ sent: 1, failed: 0 });
    expect(await providerRefunds(1200)).toBe(before + 1);
    expect((await get('supervisor', 'getFnbRefunds')).json().refunds).toEqual([]);
    const row = await t.deps.db.selectFrom('fnb_refunds').selectAll().where('order_id', '=', orderId).execute();
    expect(row).toEqual([
      expect.objectContaining({ status: 'succeeded', idem_key: `fnb-order-${orderId}-refund`, attempts: 3 }),
    ]);

    // A send cut short by a restart (claimed, no answer recorded) is taken again after 5 minutes:
    // the same key to the provider, which refunded it already — still one refund.
    await t.deps.db
      .updateTable('fnb_refunds')
      .set({ status: 'sending', updated_at: clock.now() })
      .where('id', '=', row[0]!.id)
      .execute();
    expect(await sendFnbRefunds(t.deps)).toEqual({ sent: 0, failed: 0 });
    clock.advance(5 * 60_000 + 1);
    expect(await sendFnbRefunds(t.deps)).toEqual({ sent: 1, failed: 0 });
    expect(await providerRefunds(1200)).toBe(before + 1);
  });

  it("retries a refused refund on staff's Retry; a refund already done is not owed", async () => {
    const orderId = await paidOnline(61, 1);
    provider.controls.refuseRefunds = true;
    let id: number;
    try {
      const r = await refund('supervisor', { orderId, amountCents: 600 });
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json().details).toBe(en.refunds.queued('$6.00'));
      id = r.json().refunds[0].id;
      expect(r.json().refunds[0]).toMatchObject({ kind: 'correction', status: 'failed', amountCents: 600 });
    } finally {
      provider.controls.refuseRefunds = false;
    }
    const before = await providerRefunds(600);
    const retried = await post('supervisor', 'retryFnbRefund', { id });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toMatchObject({ details: en.refunds.refunded('$6.00'), refund: { status: 'succeeded' } });
    expect(await providerRefunds(600)).toBe(before + 1);
    expect((await post('supervisor', 'retryFnbRefund', { id })).json().details).toBe(en.refunds.notOwed);
    expect((await post('manager', 'retryFnbRefund', { id })).statusCode).toBe(403);
  });

  it('refunds part of an order paid online with a reason (supervisors and admins), never more than was paid', async () => {
    const orderId = await paidOnline(62, 3);
    // Attendants and managers may not; a reason is required; nothing paid online is refused.
    expect((await refund('staff', { orderId, amountCents: 600 })).statusCode).toBe(403);
    expect((await refund('manager', { orderId, amountCents: 600 })).statusCode).toBe(403);
    const noReason = await refund('supervisor', { orderId, amountCents: 600, reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.body).toContain(en.refunds.needsReason);
    const before = await providerRefunds(600);
    const part = await refund('supervisor', { orderId, amountCents: 600, reason: 'One beer was flat' });
    expect(part.statusCode, part.body).toBe(200);
    expect(part.json().details).toBe(en.refunds.refunded('$6.00'));
    expect(await providerRefunds(600)).toBe(before + 1);
    const order = (await get('staff', `getFnbOrders?unitId=${await unitId(t.deps.db, 'MB', 62)}`)).json().orders[0];
    expect(order).toMatchObject({ paidOnline: true, refundedCents: 600, totalCents: 1800 });
    const over = await refund('admin', { orderId, amountCents: 1300 });
    expect(over.statusCode).toBe(409);
    expect(over.json().details).toBe(en.refunds.tooMuch('$12.00'));
    expect((await refund('admin', { orderId, amountCents: 1200 })).statusCode).toBe(200);
    expect((await refund('admin', { orderId, amountCents: 100 })).json().details).toBe(en.refunds.nothingLeft);

    // An order paid at the desk is corrected on the reports, not here.
    const desk = await post(
      'staff',
      'saveFnbOrder',
      buildStaffOrder({
        unitId: await unitId(t.deps.db, 'MB', 62),
        lines: [{ itemId: beer, quantity: 1 }],
        totalCents: 600,
        payment: 'paid',
        paymentMethod: 'Cash',
      }),
    );
    const notOnline = await refund('supervisor', { orderId: desk.json().order.id, amountCents: 600 });
    expect(notOnline.statusCode).toBe(409);
    expect(notOnline.json().details).toBe(en.refunds.notOnline);

    // In the F&B report's voids (kind refund, with its reason and who) and the daily Payments report.
    const report = (await get('supervisor', `getFnbReport?from=${DAY}&to=${DAY}`)).json();
    expect(report.voids.filter((v: { orderId: number }) => v.orderId === orderId)).toEqual([
      expect.objectContaining({
        kind: 'refund',
        amountCents: 600,
        reason: 'One beer was flat',
        by: expect.any(String),
      }),
      expect.objectContaining({ kind: 'refund', amountCents: 1200, reason: 'Warm beer' }),
    ]);
    const audit = await t.deps.db.selectFrom('audit_log').select('detail').where('kind', '=', 'fnbRefund').execute();
    expect(audit.map((a) => a.detail)).toContainEqual(`order #${orderId}: $6.00 to refund online: One beer was flat`);
    const daily = (await get('admin', `getReport/payments/${Math.floor(clock.now() / 1000)}`)).json();
    const [, , , refundsN, refunded] = daily.reportRows.find((r: unknown[]) => r[0] === DAY);
    expect(refundsN).toBeGreaterThanOrEqual(3);
    expect(Number(refunded)).toBeGreaterThanOrEqual(12 + 6 + 6 + 12);
  });

  it('gives one refund when two staff refund the same order at once (and replays the same request)', async () => {
    const orderId = await paidOnline(63, 2);
    const before = await providerRefunds(1200);
    const [a, b] = await Promise.all([
      refund('supervisor', { orderId, amountCents: 1200 }),
      refund('admin', { orderId, amountCents: 1200 }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect([a, b].find((x) => x.statusCode === 409)!.json().details).toBe(en.refunds.nothingLeft);
    expect(await providerRefunds(1200)).toBe(before + 1);

    // The same request twice at once (a double tap, a retry): one refund, both answered with it.
    const other = await paidOnline(64, 1);
    const body = { clientRefundId: crypto.randomUUID(), orderId: other, amountCents: 600, reason: 'Spilled' };
    const six = await providerRefunds(600);
    const [c, d] = await Promise.all([
      post('supervisor', 'refundFnbOnline', body),
      post('supervisor', 'refundFnbOnline', body),
    ]);
    expect([c.statusCode, d.statusCode]).toEqual([200, 200]);
    expect(c.json().refunds[0].id).toBe(d.json().refunds[0].id);
    expect(await providerRefunds(600)).toBe(six + 1);
    const rows = await t.deps.db.selectFrom('fnb_refunds').select('id').where('order_id', '=', other).execute();
    expect(rows).toHaveLength(1);
  });

  it('refunds a tab the guest paid online; an old day’s open tab is settled by a supervisor, dated today', async () => {
    const unit = await unitId(t.deps.db, 'MB', 65);
    await post(
      'staff',
      'saveCustomer',
      buildSale({ unitId: unit, selectedUnit: await priceId(t.deps.db, 'Umbrella + 2 Chairs') }),
    );
    const token = await fnbToken(t.deps.db, unit);
    for (const n of [1, 2]) {
      const o = await post(
        'staff',
        'saveFnbOrder',
        buildStaffOrder({ unitId: unit, lines: [{ itemId: beer, quantity: n }], totalCents: 600 * n }),
      );
      await deliver(o.json().order.id);
    }
    const start = await guest(token, '/pay-tab', { phoneLast4: '0100', totalCents: 1800, languageCode: 'en' });
    expect(start.statusCode, start.body).toBe(200);
    await provider.complete(refOf(start.json().payUrl), 'pay');
    const tab = (await get('staff', `getFnbUnitTab/${unit}`)).json().tab;
    expect(tab.status).toBe('settled');
    expect(tab.orders.every((o: { paidOnline: boolean }) => o.paidOnline)).toBe(true);
    const before = await providerRefunds(1800);
    const r = await refund('supervisor', { tabId: tab.id, amountCents: 1800, reason: 'Guest complaint' });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().refunds).toEqual([expect.objectContaining({ tabId: tab.id, orderId: null, amountCents: 1800 })]);
    expect(await providerRefunds(1800)).toBe(before + 1);
    expect((await refund('supervisor', { tabId: tab.id, amountCents: 1 })).json().details).toBe(en.refunds.nothingLeft);
    expect((await refund('supervisor', { tabId: tab.id, orderId: tab.orders[0].id, amountCents: 1 })).statusCode).toBe(
      400,
    );

    // A tab left open yesterday: listed on Needs attention; an attendant may not settle it, a supervisor does.
    const u2 = await unitId(t.deps.db, 'MB', 66);
    await post(
      'staff',
      'saveCustomer',
      buildSale({ unitId: u2, selectedUnit: await priceId(t.deps.db, 'Umbrella + 2 Chairs') }),
    );
    const o2 = await post(
      'staff',
      'saveFnbOrder',
      buildStaffOrder({ unitId: u2, lines: [{ itemId: beer, quantity: 1 }], totalCents: 600 }),
    );
    await deliver(o2.json().order.id);
    const yesterday = '2026-07-03';
    await t.deps.db.updateTable('fnb_tabs').set({ day: yesterday }).where('position_id', '=', u2).execute();
    await t.deps.db.updateTable('fnb_orders').set({ day: yesterday }).where('position_id', '=', u2).execute();
    const old = (await get('supervisor', 'getFnbAttention'))
      .json()
      .tabs.find((x: { unitLabel: string }) => x.unitLabel === 'MB 66');
    expect(old).toMatchObject({ day: yesterday, totalCents: 600 });
    const settle = (user: string, key: string) =>
      post(user, 'settleFnbTab', {
        ourTransactionId: key,
        tabId: old.id,
        totalCents: 600,
        paymentMethod: 'Cash',
        tipCents: 100,
      });
    const refused = await settle('staff', 'old-tab-staff-66');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().details).toBe(en.refunds.pastTabRole);
    const ok = await settle('supervisor', 'old-tab-sup-66');
    expect(ok.statusCode, ok.body).toBe(200);
    const sale = await t.deps.db
      .selectFrom('sales')
      .select(['day', 'user_id', 'total_cents'])
      .where('id', '=', ok.json().saleId)
      .executeTakeFirstOrThrow();
    expect(sale).toMatchObject({ day: DAY, total_cents: 700 });
    expect(
      (await get('supervisor', 'getFnbAttention')).json().tabs.map((x: { unitLabel: string }) => x.unitLabel),
    ).not.toContain('MB 66');
  });
});
