import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeSettings } from '../../src/features/settings/settings.repository';
import { fixedClock } from '../../src/platform/clock';
import type { TestProvider } from '../../src/platform/payments/test-provider';
import { type TestApp, buildTestApp, injectAs, testDialect } from '../helpers';
import { MORNING, unitId } from '../sales/factories';

// Issue 33 point 6, the desk's side: staff cancelling a paid booking choose refund (the policy's
// share by default; another amount is a partial refund), keep, or leave on account; anything but
// the policy needs a supervisor or an admin and a reason (audited). A refund the provider refuses
// is answered as refused, listed as owed with a Retry, and never recorded until accepted. Many
// cancels of one booking at once give one refund.

const LATER = '2026-07-08';

describe(`staff cancel choices on a paid booking on ${testDialect}`, () => {
  let t: TestApp;
  let provider: TestProvider;
  const clock = fixedClock(MORNING);
  let n = 0;
  /** A guest books `location` `number` and pays the whole 35.00 (umbrella) online. */
  const bookAndPay = async (location: string, number: number) => {
    n++;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/public/booking',
      remoteAddress: `198.51.100.${100 + n}`,
      payload: {
        day: LATER,
        unitIds: [await unitId(t.deps.db, location, number)],
        guestName: `Carla Cancel ${n}`,
        phone: `305 555 ${5000 + n}`,
        partySize: 2,
        acceptPolicy: true,
        languageCode: 'en',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const out = res.json();
    expect((await t.app.inject({ method: 'POST', url: `${out.payUrl}/pay` })).statusCode).toBe(303);
    const intent = await t.deps.db
      .selectFrom('payment_intents')
      .selectAll()
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(intent.status).toBe('paid');
    return intent.reservation_id;
  };
  const ledger = async (id: number) =>
    (
      await t.deps.db
        .selectFrom('reservation_payments')
        .select(['kind', 'method', 'amount_cents'])
        .where('reservation_id', '=', id)
        .orderBy('id')
        .execute()
    ).map((r) => [r.kind, r.method, r.amount_cents]);
  const refunds = (id: number) =>
    t.deps.db.selectFrom('payment_refunds').selectAll().where('reservation_id', '=', id).orderBy('id').execute();
  const cancel = (user: string, payload: Record<string, unknown>) =>
    injectAs(t.app, user, { method: 'POST', url: '/api/cancelReservation', payload });
  const status = async (id: number) =>
    (await t.deps.db.selectFrom('reservations').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

  beforeAll(async () => {
    t = await buildTestApp({ clock });
    provider = t.deps.payments as TestProvider;
    // The whole 35.00 up front; half back when cancelled up to 24 hours before.
    await writeSettings(t.deps.db, {
      bookingOnlineLocations: 'MB, CD',
      bookingPayment: 'full',
      bookingRefundPercent: '50',
      bookingCancelCutoffHours: '24',
    });
  });
  afterAll(async () => t.close());

  it('the cancel pane says what the policy refunds and how much was paid online', async () => {
    const id = await bookAndPay('MB', 41);
    const res = await injectAs(t.app, 'staff', { method: 'GET', url: `/api/getCancelPolicy/${id}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      outcome: 'refund',
      deposit: '35.00',
      refund: '17.50',
      online: '35.00',
      canOverride: false,
    });
    const sup = await injectAs(t.app, 'supervisor', { method: 'GET', url: `/api/getCancelPolicy/${id}` });
    expect(sup.json().canOverride).toBe(true);
  });

  it('staff cancel by the policy: its share back through the provider, the rest kept', async () => {
    const id = await bookAndPay('MB', 42);
    const res = await cancel('staff', { id, reason: 'Guest called' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().details).toBe('Reservation cancelled: $17.50 of the deposit is refunded and $17.50 is kept.');
    expect(await ledger(id)).toEqual([
      ['deposit', 'Online', 3500],
      ['forfeit', 'Online', 1750],
      ['refund', 'Online', 1750],
    ]);
  });

  it('staff and managers cannot refund another amount, keep it or leave it on account; nothing changes', async () => {
    const id = await bookAndPay('MB', 43);
    for (const [user, body] of [
      ['staff', { refundAmount: '20.00', overrideReason: 'Regular' }],
      ['staff', { deposit: 'keep', overrideReason: 'Coming next week' }],
      ['staff', { deposit: 'forfeit', overrideReason: 'Late' }],
      ['staff', { deposit: 'refund', refundAmount: '35.00', overrideReason: 'Regular' }],
      ['manager', { deposit: 'refund', refundAmount: '35.00', overrideReason: 'Regular' }],
    ] as const) {
      const res = await cancel(user, { id, reason: 'Guest called', ...body });
      expect(res.statusCode, `${user} ${JSON.stringify(body)}: ${res.body}`).toBe(403);
      expect(res.json().details).toBe('Only a supervisor or an admin can override the cancellation policy.');
    }
    // The policy's own amount typed is no override.
    const same = await cancel('staff', { id, reason: 'Guest called', deposit: 'refund', refundAmount: '17.50' });
    expect(same.statusCode, same.body).toBe(200);
    expect(await ledger(id)).toEqual([
      ['deposit', 'Online', 3500],
      ['forfeit', 'Online', 1750],
      ['refund', 'Online', 1750],
    ]);
  });

  it('a supervisor refunds part with a reason (audited): that amount through the provider, the rest kept', async () => {
    const id = await bookAndPay('MB', 44);
    const blank = await cancel('supervisor', { id, reason: 'Rain', refundAmount: '20.00', deposit: 'refund' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().details).toBe('Give a reason for overriding the cancellation policy.');
    const tooMuch = await cancel('supervisor', {
      id,
      reason: 'Rain',
      deposit: 'refund',
      refundAmount: '35.01',
      overrideReason: 'x',
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().details).toBe('The refund can be at most the deposit on account, $35.00.');
    const alone = await cancel('supervisor', {
      id,
      reason: 'Rain',
      deposit: 'keep',
      refundAmount: '5.00',
      overrideReason: 'x',
    });
    expect(alone.statusCode).toBe(400);
    expect(await status(id)).toBe('confirmed');

    const res = await cancel('supervisor', {
      id,
      reason: 'Rain',
      deposit: 'refund',
      refundAmount: '20',
      overrideReason: 'Storm warning, goodwill',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().details).toBe('Reservation cancelled: $20.00 of the deposit is refunded and $15.00 is kept.');
    const rows = await ledger(id);
    expect(rows[0]).toEqual(['deposit', 'Online', 3500]);
    expect(rows).toContainEqual(['refund', 'Online', 2000]);
    expect(rows).toContainEqual(['forfeit', 'Online', 1500]);
    expect(rows).toHaveLength(3);
    const audit = await t.deps.db
      .selectFrom('audit_log')
      .select('detail')
      .where('kind', '=', 'reservation.policyOverride')
      .where('detail', 'like', `Booking ${id} %`)
      .execute();
    expect(audit.map((a) => a.detail)).toEqual([
      `Booking ${id} for Carla Cancel 4: the policy said refund 17.50 of the deposit of 35.00, Sam Supervisor chose refund 20.00: Storm warning, goodwill`,
    ]);
  });

  it('an admin leaves it on account, or keeps it, with a reason', async () => {
    const onAccount = await bookAndPay('MB', 45);
    const keep = await cancel('admin', {
      id: onAccount,
      reason: 'Moving to August',
      deposit: 'keep',
      overrideReason: 'Rebooks later',
    });
    expect(keep.statusCode, keep.body).toBe(200);
    expect(keep.json().details).toBe('Reservation cancelled: the deposit of $35.00 stays on account.');
    expect(await ledger(onAccount)).toEqual([['deposit', 'Online', 3500]]);
    expect(await refunds(onAccount)).toEqual([]);

    const kept = await bookAndPay('MB', 46);
    const forfeit = await cancel('admin', {
      id: kept,
      reason: 'No-show risk',
      deposit: 'forfeit',
      overrideReason: 'Third cancel',
    });
    expect(forfeit.statusCode, forfeit.body).toBe(200);
    expect(await ledger(kept)).toEqual([
      ['deposit', 'Online', 3500],
      ['forfeit', 'Online', 3500],
    ]);
  });

  it('a refused refund is said, listed as owed with the provider’s words, retried by the desk, recorded only when accepted', async () => {
    const id = await bookAndPay('MB', 47);
    provider.controls.refuseRefunds = true;
    try {
      const res = await cancel('staff', { id, reason: 'Guest called' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().details).toMatch(/^The payment provider refused the refund of \$17\.50 \(.+\)\. It stays owed/);
      expect(await ledger(id)).toEqual([
        ['deposit', 'Online', 3500],
        ['forfeit', 'Online', 1750],
      ]);
      const owed = await injectAs(t.app, 'staff', { method: 'GET', url: '/api/getOwedRefunds' });
      expect(owed.statusCode, owed.body).toBe(200);
      const mine = owed.json().refunds.find((r: { reservationId: number }) => r.reservationId === id);
      expect(mine).toMatchObject({
        amount: '17.50',
        status: 'failed',
        location: 'MB',
        day: LATER,
        reason: 'Guest called',
      });
      expect(mine.error).toContain('refused');

      // Retried while the provider still refuses: still owed, still not in the ledger.
      const again = await injectAs(t.app, 'staff', {
        method: 'POST',
        url: '/api/retryRefund',
        payload: { id: mine.id },
      });
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json().refund.status).toBe('failed');
      expect(again.json().details).toMatch(/refused the refund of \$17\.50 again/);
      expect(await ledger(id)).toHaveLength(2);

      provider.controls.refuseRefunds = false;
      const ok = await injectAs(t.app, 'staff', { method: 'POST', url: '/api/retryRefund', payload: { id: mine.id } });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json()).toMatchObject({
        details: 'The refund of $17.50 was accepted by the payment provider.',
        refund: { status: 'succeeded' },
      });
      expect(await ledger(id)).toEqual([
        ['deposit', 'Online', 3500],
        ['forfeit', 'Online', 1750],
        ['refund', 'Online', 1750],
      ]);
      const after = await injectAs(t.app, 'staff', { method: 'GET', url: '/api/getOwedRefunds' });
      expect(after.json().refunds.some((r: { id: number }) => r.id === mine.id)).toBe(false);
      const twice = await injectAs(t.app, 'staff', {
        method: 'POST',
        url: '/api/retryRefund',
        payload: { id: mine.id },
      });
      expect(twice.statusCode).toBe(409);
    } finally {
      provider.controls.refuseRefunds = false;
    }
  });

  it("a refund owed elsewhere is not the desk's: not listed, not retried; bad ids refused", async () => {
    const id = await bookAndPay('CD', 101);
    provider.controls.refuseRefunds = true;
    try {
      expect((await cancel('admin', { id, reason: 'Guest called' })).statusCode).toBe(200);
    } finally {
      provider.controls.refuseRefunds = false;
    }
    const [owed] = await refunds(id);
    expect(owed!.status).toBe('failed');
    const list = await injectAs(t.app, 'staff', { method: 'GET', url: '/api/getOwedRefunds' });
    expect(list.json().refunds.some((r: { id: number }) => r.id === owed!.id)).toBe(false);
    const retry = await injectAs(t.app, 'staff', {
      method: 'POST',
      url: '/api/retryRefund',
      payload: { id: owed!.id },
    });
    expect(retry.statusCode).toBe(403);
    expect(
      (await injectAs(t.app, 'staff', { method: 'POST', url: '/api/retryRefund', payload: { id: 999999 } })).statusCode,
    ).toBe(404);
    expect(
      (await injectAs(t.app, 'staff', { method: 'POST', url: '/api/retryRefund', payload: { id: 'x' } })).statusCode,
    ).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/getOwedRefunds' })).statusCode).toBe(401);
    // The admin's list has it, and the admin's retry sends it.
    const admin = await injectAs(t.app, 'admin', {
      method: 'POST',
      url: '/api/retryRefund',
      payload: { id: owed!.id },
    });
    expect(admin.json().refund.status).toBe('succeeded');
  });

  it('a burst of cancels of one paid booking gives one cancel and one refund', async () => {
    const id = await bookAndPay('MB', 48);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => cancel(i % 2 ? 'supervisor' : 'staff', { id, reason: `Tap ${i}` })),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c !== 200).every((c) => c === 409)).toBe(true);
    expect(await refunds(id)).toHaveLength(1);
    expect((await ledger(id)).filter((r) => r[0] === 'refund')).toEqual([['refund', 'Online', 1750]]);
  });

  it('a burst of retries of one refused refund sends it once', async () => {
    const id = await bookAndPay('MB', 49);
    provider.controls.refuseRefunds = true;
    try {
      expect((await cancel('supervisor', { id, reason: 'Guest called' })).statusCode).toBe(200);
    } finally {
      provider.controls.refuseRefunds = false;
    }
    const [owed] = await refunds(id);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        injectAs(t.app, 'supervisor', { method: 'POST', url: '/api/retryRefund', payload: { id: owed!.id } }),
      ),
    );
    expect(answers.every((a) => a.statusCode === 200 || a.statusCode === 409)).toBe(true);
    expect((await ledger(id)).filter((r) => r[0] === 'refund')).toEqual([['refund', 'Online', 1750]]);
    expect((await refunds(id))[0]!.status).toBe('succeeded');
  });
});
