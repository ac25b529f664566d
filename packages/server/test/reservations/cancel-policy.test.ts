import { cancelPolicyTexts } from '@sandbar/contract/reservations';
import { dayStartMs } from '@sandbar/contract/rules/time';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/platform/clock';
import { type TestApp, buildTestApp, injectAs, testDialect } from '../helpers';
import { MORNING, unitId } from '../sales/factories';

// Issue 24 point 2, cancel with the policy applied: the venue's cut-off (Config → Bookings, 24 h
// before the booked day starts in the venue's zone) decides — up to it the deposit is refunded,
// after it kept — for staff and for the guest's own cancel by the manage link; a supervisor or an
// admin may override with a reason, audited. Both sides of the cut-off by the injectable clock.

// The venue's cut-off is 36 h: for a booking on July 6 it passes on July 4 at 12:00 in New York,
// two hours after the test's morning (sessions stay alive across the clock's moves).
const DAY = '2026-07-06';
const TZ = 'America/New_York';
const CUTOFF = dayStartMs(DAY, TZ) - 36 * 3_600_000;

describe(`cancelling under the venue's policy on ${testDialect}`, () => {
  let t: TestApp;
  const clock = fixedClock(MORNING);
  let n = 0;
  const post = (user: string, url: string, payload: object) =>
    injectAs(t.app, user, { method: 'POST', url: `/api/${url}`, payload });
  const ok = async (user: string, url: string, payload: object) => {
    const res = await post(user, url, payload);
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json();
  };
  /** A booking on DAY taken by staff at MORNING with a $20 cash and a $5 voucher deposit. */
  const booked = async () => {
    clock.set(MORNING);
    const unit = await unitId(t.deps.db, 'MB', 30 + n++);
    const r = (
      await ok('staff', 'saveReservation', {
        unitIds: [unit],
        days: [DAY],
        guestName: `Polly ${n}`,
        phone: '305 555 0142',
        deposit: { method: 'Cash', amount: '20.00' },
      })
    ).reservation;
    await ok('staff', 'addReservationDeposit', {
      id: r.id,
      deposit: { method: 'Voucher', amount: 5, voucherNumber: 'V-1' },
    });
    return r.id as number;
  };
  const policy = async (user: string, id: number) =>
    (await injectAs(t.app, user, { method: 'GET', url: `/api/getCancelPolicy/${id}` })).json();
  const payments = async (id: number) =>
    t.deps.db
      .selectFrom('reservation_payments')
      .innerJoin('users', 'users.id', 'reservation_payments.user_id')
      .select(['kind', 'method', 'amount_cents', 'username', 'day', 'reason'])
      .where('reservation_id', '=', id)
      .where('kind', '!=', 'deposit')
      .orderBy('reservation_payments.id')
      .execute();

  beforeAll(async () => {
    t = await buildTestApp({ clock });
    await ok('admin', 'saveConfigSettings', { bookingCancelCutoffHours: '36' });
    expect(CUTOFF - MORNING).toBe(2 * 3_600_000);
  });
  beforeEach(() => clock.set(MORNING));
  afterAll(async () => t.close());

  it('says what cancelling does on both sides of the cut-off (at the very moment it still refunds)', async () => {
    const id = await booked();
    clock.set(CUTOFF);
    expect(await policy('staff', id)).toEqual({
      outcome: 'refund',
      deposit: '25.00',
      cutoffAt: CUTOFF,
      canOverride: false,
      refund: '25.00',
      online: '0.00',
    });
    clock.set(CUTOFF + 1);
    expect(await policy('staff', id)).toMatchObject({ outcome: 'forfeit', deposit: '25.00' });
    expect(await policy('supervisor', id)).toMatchObject({ outcome: 'forfeit', canOverride: true });
  });

  it('refunds the deposit when staff cancel before the cut-off, by the methods it was paid', async () => {
    const id = await booked();
    clock.set(CUTOFF - 60_000);
    const res = await ok('staff', 'cancelReservation', { id, reason: 'Plans changed' });
    expect(res.details).toBe(cancelPolicyTexts.refunded('25.00'));
    expect(res.reservation).toMatchObject({ status: 'cancelled', depositBalance: '0.00' });
    expect(await payments(id)).toEqual([
      {
        kind: 'refund',
        method: 'Cash',
        amount_cents: 2000,
        username: 'staff',
        day: '2026-07-04',
        reason: 'Plans changed',
      },
      {
        kind: 'refund',
        method: 'Voucher',
        amount_cents: 500,
        username: 'staff',
        day: '2026-07-04',
        reason: 'Plans changed',
      },
    ]);
  });

  it('keeps the deposit when staff cancel after the cut-off', async () => {
    const id = await booked();
    clock.set(CUTOFF + 60_000);
    const res = await ok('staff', 'cancelReservation', { id, reason: 'Rain' });
    expect(res.details).toBe(cancelPolicyTexts.forfeited('25.00'));
    expect((await payments(id)).map((p) => `${p.kind} ${p.method} ${p.amount_cents} ${p.username}`)).toEqual([
      'forfeit Cash 2000 staff',
      'forfeit Voucher 500 staff',
    ]);
  });

  it('lets a supervisor override with a reason (audited), not staff, not without a reason', async () => {
    const id = await booked();
    clock.set(CUTOFF + 60_000);
    const staff = await post('staff', 'cancelReservation', {
      id,
      reason: 'Rain',
      deposit: 'refund',
      overrideReason: 'x',
    });
    expect(staff.statusCode).toBe(403);
    expect(staff.json().details).toBe(cancelPolicyTexts.overrideRole);
    const blank = await post('supervisor', 'cancelReservation', { id, reason: 'Rain', deposit: 'refund' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().details).toBe(cancelPolicyTexts.overrideReasonBlank);
    // Choosing what the policy says anyway is no override: staff may.
    const same = await policy('staff', id);
    expect(same.outcome).toBe('forfeit');
    const res = await ok('supervisor', 'cancelReservation', {
      id,
      reason: 'Rain',
      deposit: 'refund',
      overrideReason: 'Storm warning: the venue closed',
    });
    expect(res.details).toBe(cancelPolicyTexts.refunded('25.00'));
    expect((await payments(id)).map((p) => `${p.kind} ${p.amount_cents} ${p.username} ${p.reason}`)).toEqual([
      'refund 2000 supervisor Storm warning: the venue closed',
      'refund 500 supervisor Storm warning: the venue closed',
    ]);
    const audit = await t.deps.db
      .selectFrom('audit_log')
      .select(['kind', 'detail'])
      .where('kind', '=', 'reservation.policyOverride')
      .execute();
    expect(audit.map((a) => a.detail)).toContainEqual(
      expect.stringMatching(/policy said forfeit .*\$?25\.00.*chose refund 25\.00: Storm warning/),
    );
  });

  it('keeps a deposit on account only by an override', async () => {
    const id = await booked();
    clock.set(CUTOFF - 60_000);
    const res = await ok('admin', 'cancelReservation', {
      id,
      reason: 'Moving to next week',
      deposit: 'keep',
      overrideReason: 'Rebooking by phone',
    });
    expect(res.details).toBe(cancelPolicyTexts.keptOnAccount('25.00'));
    expect(res.reservation.depositBalance).toBe('25.00');
    expect(await payments(id)).toEqual([]);
  });

  /** An online booking on DAY with a $15 cash deposit the staff took; its manage token. */
  const online = async () => {
    clock.set(MORNING);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/public/booking',
      payload: {
        day: DAY,
        unitIds: [await unitId(t.deps.db, 'MB', 30 + n++)],
        guestName: 'Web Guest',
        email: `web${n}@example.com`,
        partySize: 2,
        acceptPolicy: true,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const token = res.json().manageUrl.split('/').at(-1) as string;
    const { reservations } = (
      await injectAs(t.app, 'staff', { method: 'GET', url: `/api/getReservations?day=${DAY}&status=confirmed` })
    ).json();
    const id = reservations.find((r: { email: string }) => r.email === `web${n}@example.com`).id as number;
    await ok('staff', 'addReservationDeposit', { id, deposit: { method: 'Cash', amount: 15 } });
    return { token, id };
  };
  const view = async (token: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/public/booking/manage/${token}` })).json();
  const guestCancel = (token: string) =>
    t.app.inject({ method: 'POST', url: `/api/public/booking/manage/${token}/cancel` });

  it('shows the guest what cancelling does, and refunds before the cut-off to the agent who took it', async () => {
    const { token, id } = await online();
    clock.set(CUTOFF - 1000);
    expect((await view(token)).cancelOutcome).toEqual({
      outcome: 'refund',
      deposit: '15.00',
      refund: '15.00',
      cutoffAt: CUTOFF,
    });
    const res = await guestCancel(token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelled', cancelOutcome: null });
    expect(await payments(id)).toEqual([
      {
        kind: 'refund',
        method: 'Cash',
        amount_cents: 1500,
        username: 'staff',
        day: '2026-07-04',
        reason: 'Cancelled by the guest',
      },
    ]);
  });

  it('keeps the deposit when the guest cancels after the cut-off, and says so first', async () => {
    const { token, id } = await online();
    clock.set(CUTOFF + 1000);
    expect((await view(token)).cancelOutcome).toMatchObject({ outcome: 'forfeit', deposit: '15.00' });
    expect((await guestCancel(token)).statusCode).toBe(200);
    expect((await payments(id)).map((p) => `${p.kind} ${p.amount_cents} ${p.username}`)).toEqual([
      'forfeit 1500 staff',
    ]);
  });

  it('has nothing to refund or keep without a deposit', async () => {
    clock.set(MORNING);
    const unit = await unitId(t.deps.db, 'MB', 30 + n++);
    const r = (
      await ok('staff', 'saveReservation', {
        unitIds: [unit],
        days: [DAY],
        guestName: 'No Money',
        phone: '305 555 0100',
      })
    ).reservation;
    expect(await policy('staff', r.id)).toMatchObject({ outcome: 'none', deposit: '0.00' });
    const res = await ok('staff', 'cancelReservation', { id: r.id, reason: 'x', deposit: 'refund' });
    expect(res.details).toBe('Reservation cancelled.');
  });
});
