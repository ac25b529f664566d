import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendRefunds } from '../../src/features/payments/refunds.service';
import { writeSettings } from '../../src/features/settings/settings.repository';
import { fixedClock } from '../../src/platform/clock';
import type { TestProvider } from '../../src/platform/payments/test-provider';
import { type TestApp, buildTestApp, injectAs, testDialect } from '../helpers';
import { MORNING, unitId } from '../sales/factories';

// Issue 33 point 6: refunds by the venue's policy go back through the provider; a refund the
// provider refuses is shown and retried, never written to the ledger as done.

const LATER = '2026-07-08';

describe(`refunds through the provider on ${testDialect}`, () => {
  let t: TestApp;
  let provider: TestProvider;
  const clock = fixedClock(MORNING);
  let n = 0;
  const bookAndPay = async (unitNumber: number) => {
    n++;
    const unit = await unitId(t.deps.db, 'MB', unitNumber);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/public/booking',
      remoteAddress: `198.51.100.${n}`,
      payload: {
        day: LATER,
        unitIds: [unit],
        guestName: 'Rafa Reembolso',
        phone: `305 555 ${2000 + n}`,
        partySize: 2,
        acceptPolicy: true,
        languageCode: 'en',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const out = res.json();
    const pay = await t.app.inject({ method: 'POST', url: `${out.payUrl}/pay` });
    expect(pay.statusCode).toBe(303);
    const token = out.manageUrl.split('/').pop() as string;
    const intent = await t.deps.db
      .selectFrom('payment_intents')
      .selectAll()
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    return { token, id: intent.reservation_id };
  };
  const ledger = (id: number) =>
    t.deps.db
      .selectFrom('reservation_payments')
      .select(['kind', 'method', 'amount_cents', 'card_transaction_id'])
      .where('reservation_id', '=', id)
      .orderBy('id')
      .execute();

  beforeAll(async () => {
    t = await buildTestApp({ clock });
    provider = t.deps.payments as TestProvider;
    // Full prepayment of a 35.00 umbrella; half back when cancelled up to 24 hours before.
    await writeSettings(t.deps.db, {
      bookingOnlineLocations: 'MB',
      bookingPayment: 'full',
      bookingRefundPercent: '50',
      bookingCancelCutoffHours: '24',
    });
  });
  afterAll(async () => t.close());

  it("a guest's cancel before the cut-off gets the policy's share back through the provider; the rest is kept", async () => {
    const { token, id } = await bookAndPay(31);
    const view = await t.app.inject({ method: 'GET', url: `/api/public/booking/manage/${token}` });
    expect(view.json().cancelOutcome).toMatchObject({ outcome: 'refund', deposit: '35.00', refund: '17.50' });
    const cancel = await t.app.inject({ method: 'POST', url: `/api/public/booking/manage/${token}/cancel` });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json().payment).toMatchObject({ paid: '35.00', refunded: '17.50', refundPending: '0.00' });
    const rows = await ledger(id);
    expect(rows.map((r) => [r.kind, r.method, r.amount_cents])).toEqual([
      ['deposit', 'Online', 3500],
      ['forfeit', 'Online', 1750],
      ['refund', 'Online', 1750],
    ]);
    expect(rows[2]!.card_transaction_id).toMatch(/^tre_/);
  });

  it('a refused refund is shown as owed and retried — never written as done', async () => {
    const { id } = await bookAndPay(32);
    provider.controls.refuseRefunds = true;
    // Staff cancel by the policy: half back through the provider, half kept.
    const res = await injectAs(t.app, 'supervisor', {
      method: 'POST',
      url: '/api/cancelReservation',
      payload: { id, reason: 'Guest called' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await ledger(id)).map((r) => r.kind)).toEqual(['deposit', 'forfeit']);
    const refund = await t.deps.db.selectFrom('payment_refunds').selectAll().where('reservation_id', '=', id).executeTakeFirstOrThrow();
    expect(refund).toMatchObject({ status: 'failed', amount_cents: 1750 });
    expect(refund.last_error).toContain('refused');
    // Its time to try again comes; the provider still refuses: still not done.
    clock.advance(2 * 60_000);
    await sendRefunds(t.deps);
    expect((await ledger(id)).map((r) => r.kind)).toEqual(['deposit', 'forfeit']);
    provider.controls.refuseRefunds = false;
    clock.advance(5 * 60_000);
    expect((await sendRefunds(t.deps)).sent).toBe(1);
    expect((await ledger(id)).map((r) => [r.kind, r.amount_cents])).toEqual([
      ['deposit', 3500],
      ['forfeit', 1750],
      ['refund', 1750],
    ]);
    // Sending again finds nothing due: one refund, once.
    expect((await sendRefunds(t.deps)).sent).toBe(0);
  });
});
