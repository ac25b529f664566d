import { ReportData } from '@sandbar/contract/reports';
import { DropoffReport } from '@sandbar/contract/sales';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/platform/clock';
import { type TestApp, buildTestApp, injectAs, testDialect } from '../helpers';
import { DAY, MORNING, buildSale, priceId, unitId } from '../sales/factories';

// Issue 24 points 3 and 8: a booking deposit counts in the Notes/Drops of the agent who took it,
// on the day it was taken (cash in the cash on hand), refunds negative; summed over every agent,
// the drop-off's deposit lines equal the bookings report's day to the cent.

describe(`booking deposits on the drop-off screen on ${testDialect}`, () => {
  let t: TestApp;
  const clock = fixedClock(MORNING);
  const ts = Math.floor(MORNING / 1000);
  const post = async (user: string, url: string, payload: object) => {
    const res = await injectAs(t.app, user, { method: 'POST', url: `/api/${url}`, payload });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json();
  };
  const dropoff = async (user: string, agentId?: number) => {
    const res = await injectAs(t.app, user, {
      method: 'GET',
      url: `/api/getDropoffReport${agentId ? `?agentId=${agentId}` : ''}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    return DropoffReport.parse(res.json());
  };
  const book = async (user: string, n: number, deposit: object | null, days = [DAY]) =>
    (
      await post(user, 'saveReservation', {
        unitIds: [await unitId(t.deps.db, 'MB', n)],
        days,
        guestName: `Guest ${n}`,
        phone: '305 555 0142',
        ...(deposit ? { deposit } : {}),
      })
    ).reservation as { id: number };

  beforeAll(async () => {
    t = await buildTestApp({ clock });
    const umbrella = await priceId(t.deps.db, 'Umbrella + 2 Chairs');
    // Staff: $15.25 cash deposit, checked in today by staff ($35 less $15.25 in cash).
    const a = await book('staff', 21, { method: 'Cash', amount: '15.25' });
    await post(
      'staff',
      'saveCustomer',
      buildSale({
        unitId: await unitId(t.deps.db, 'MB', 21),
        selectedUnit: umbrella,
        reservationId: a.id,
        orderTotal: '19.75',
        customerName: 'Guest 21',
      }),
    );
    // Supervisor: a card deposit for a later day, and staff add a voucher to it.
    const b = await book('supervisor', 22, { method: 'Credit Card', amount: 20, cardTransactionId: 'sq_dep' }, [
      '2026-07-10',
    ]);
    await post('staff', 'addReservationDeposit', {
      id: b.id,
      deposit: { method: 'Voucher', amount: 5, voucherNumber: 'V-1' },
    });
    // Staff take $10.10 cash for a booking the admin cancels (refund): the admin hands it back.
    const c = await book('staff', 23, { method: 'Cash', amount: '10.10' }, ['2026-07-12']);
    await post('admin', 'cancelReservation', { id: c.id, reason: 'Rain', deposit: 'refund' });
    // Staff take $7.35 cash for today's booking the supervisor cancels: too late, the deposit is kept.
    const d = await book('staff', 24, { method: 'Cash', amount: '7.35' });
    await post('supervisor', 'cancelReservation', { id: d.id, reason: 'Changed plans', deposit: 'forfeit' });
  });
  afterAll(async () => t.close());

  it('shows each agent’s deposits by method, refunds negative, cash in the cash on hand', async () => {
    const staff = await dropoff('staff');
    expect(staff.deposits).toEqual([
      { kind: 'applied', method: 'Cash', amount: '15.25', count: 1 },
      { kind: 'deposit', method: 'Cash', amount: '32.70', count: 3 },
      { kind: 'deposit', method: 'Voucher', amount: '5.00', count: 1 },
    ]);
    // Cash: the check-in sale's $19.75 and the $32.70 of deposits.
    expect(staff.overview).toMatchObject({
      cashTotal: '19.75',
      depositTotal: '37.70',
      cashDepositTotal: '32.70',
      cashOnHand: '52.45',
    });
    const admin = await dropoff('admin');
    expect(admin.deposits).toEqual([{ kind: 'refund', method: 'Cash', amount: '-10.10', count: 1 }]);
    expect(admin.overview).toMatchObject({ depositTotal: '-10.10', cashOnHand: '-10.10' });
    const supervisor = await dropoff('supervisor');
    expect(supervisor.deposits).toEqual([
      { kind: 'deposit', method: 'Credit Card', amount: '20.00', count: 1 },
      { kind: 'forfeit', method: 'Cash', amount: '7.35', count: 1 },
    ]);
    expect(supervisor.overview).toMatchObject({ depositTotal: '20.00', cashOnHand: '0.00' });
    // The printed sheet carries the same lines.
    const print = (await injectAs(t.app, 'staff', { method: 'GET', url: '/api/getPrintNotes' })).json();
    expect(print.lines).toContain(`Deposits${' '.repeat(18)}$37.70`);
    expect(print.lines).toContain(` Taken Cash${' '.repeat(15)}$32.70`);
  });

  it('equals the bookings report’s deposits of the day, summed over agents, to the cent', async () => {
    const res = await injectAs(t.app, 'admin', { method: 'GET', url: `/api/getReport/reservations/${ts}` });
    expect(res.statusCode, res.body).toBe(200);
    const r = ReportData.parse(res.json());
    const col = (name: string) => r.reportHeaders.indexOf(name);
    const footer = r.reportFooter[0]!;
    const cents = (v: unknown) => Math.round(Number(v) * 100);
    const sums = { deposit: 0, applied: 0, refund: 0, forfeit: 0 };
    const agents = (await dropoff('admin')).agents;
    expect(agents.length).toBeGreaterThanOrEqual(3);
    for (const agent of agents) {
      for (const line of (await dropoff('admin', agent.id)).deposits) sums[line.kind] += Math.abs(cents(line.amount));
    }
    expect(sums).toEqual({
      deposit: cents(footer[col('Deposits taken')]),
      applied: cents(footer[col('Deposits applied')]),
      refund: cents(footer[col('Deposits refunded')]),
      forfeit: cents(footer[col('Deposits forfeited')]),
    });
    expect(sums).toEqual({ deposit: 5770, applied: 1525, refund: 1010, forfeit: 735 });
  });

  it('asks before a drop-off above the cash on hand that counts the cash deposits', async () => {
    const over = await injectAs(t.app, 'staff', {
      method: 'POST',
      url: '/api/saveDropoffNotes',
      payload: { dropoffAmount: '52.46', dropoffNotes: '' },
    });
    expect(over.statusCode).toBe(409);
    await post('staff', 'saveDropoffNotes', { dropoffAmount: '52.45', dropoffNotes: 'all of it' });
    expect((await dropoff('staff')).overview.cashOnHand).toBe('0.00');
  });
});
