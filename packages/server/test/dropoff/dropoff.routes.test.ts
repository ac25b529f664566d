import { dropoffTexts } from '@sandbar/contract/dropoff';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/platform/clock';
import { type TestApp, buildTestApp, injectAs, testDialect } from '../helpers';
import { MORNING, buildSale, priceId, unitId } from '../sales/factories';

// Issue 14, defect 5: a typed 100000 was saved without a question, cash on hand read "$-99992.00"
// and nothing could be corrected; Today's Total left vouchers out and mixed tips in.
describe(`drop-offs on ${testDialect}`, () => {
  let t: TestApp;
  let staffId: number;
  const post = (user: string, url: string, payload: unknown) =>
    injectAs(t.app, user, { method: 'POST', url: `/api/${url}`, payload: payload as object });
  const get = (user: string, url: string) => injectAs(t.app, user, { method: 'GET', url: `/api/${url}` });

  beforeAll(async () => {
    t = await buildTestApp({ clock: fixedClock(MORNING) });
    staffId = (
      await t.deps.db.selectFrom('users').select('id').where('username', '=', 'staff').executeTakeFirstOrThrow()
    ).id;
    const umbrella = await priceId(t.deps.db, 'Umbrella + 2 Chairs');
    const sales = [
      { n: 60, paymentMethod: 'Cash', tipAmount: '0' },
      { n: 61, paymentMethod: 'Credit Card', transactionID: 'sq_1', tipAmount: '5' },
      { n: 62, paymentMethod: 'Voucher', tipAmount: '0' },
    ] as const;
    for (const { n, ...s } of sales) {
      const r = await post(
        'staff',
        'saveCustomer',
        buildSale({ unitId: await unitId(t.deps.db, 'MB', n), selectedUnit: umbrella, ...s }),
      );
      expect(r.statusCode, r.body).toBe(200);
    }
  });
  afterAll(async () => t.close());

  it("reconciles Today's Total: every method, vouchers included, tips apart", async () => {
    const r = await get('staff', 'getDropoffReport');
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().overview).toEqual({
      todayTotal: '105.00',
      ccTotal: '35.00',
      cashTotal: '35.00',
      roomChargeTotal: '0.00',
      voucherTotal: '35.00',
      tipTotal: '5.00',
      cashTipTotal: '0.00',
      cashOnHand: '35.00',
      cashCorrections: '0.00',
      cashDroppedOff: '0.00',
      depositTotal: '0.00',
      cashDepositTotal: '0.00',
    });
    expect(r.json()).toMatchObject({ agentId: staffId, agents: [], canVoid: false });
  });

  it('asks before saving more than the cash on hand, and saves once confirmed', async () => {
    const big = await post('staff', 'saveDropoffNotes', { dropoffAmount: '100000', dropoffNotes: 'typo' });
    expect(big.statusCode).toBe(409);
    expect(big.json().details).toBe(dropoffTexts.overCashOnHand('100000.00', '35.00'));
    expect(big.json().details).toBe('$100,000.00 is more than the cash on hand ($35.00). Save it anyway?');
    expect((await get('staff', 'getDropoffReport')).json().dropOffs).toEqual([]);

    const confirmed = await post('staff', 'saveDropoffNotes', {
      dropoffAmount: '100000',
      dropoffNotes: 'typo',
      confirmOverCashOnHand: true,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const small = await post('staff', 'saveDropoffNotes', { dropoffAmount: '20', dropoffNotes: 'lunch drop' });
    expect(small.statusCode, small.body).toBe(409); // cash on hand is now 35 − 100000
    const after = (await get('staff', 'getDropoffReport')).json();
    expect(after.overview.cashOnHand).toBe('-99965.00');
  });

  it('lets only a supervisor or admin void a drop-off, with a reason, audited and out of the totals', async () => {
    const report = (await get('staff', 'getDropoffReport')).json();
    const typo = report.dropOffs.find((d: { notes: string }) => d.notes === 'typo');
    expect(typo).toMatchObject({ amount: '100000.00', voided: null });

    for (const user of ['staff', 'manager']) {
      expect((await post(user, 'voidDropoff', { id: typo.id, reason: 'typo' })).statusCode).toBe(403);
    }
    const blank = await post('supervisor', 'voidDropoff', { id: typo.id, reason: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().details).toBe(dropoffTexts.voidReasonBlank);
    const unknown = await post('supervisor', 'voidDropoff', { id: 999_999, reason: 'typo' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().details).toBe(dropoffTexts.notFound);

    const voided = await post('supervisor', 'voidDropoff', { id: typo.id, reason: 'Typed 100000 for 100' });
    expect(voided.statusCode, voided.body).toBe(200);
    expect(voided.json().details).toBe(dropoffTexts.voided);
    const again = await post('admin', 'voidDropoff', { id: typo.id, reason: 'twice' });
    expect(again.statusCode).toBe(409);
    expect(again.json().details).toBe(dropoffTexts.alreadyVoided);

    const after = (await get('staff', 'getDropoffReport')).json();
    expect(after.overview).toMatchObject({ cashOnHand: '35.00', cashDroppedOff: '0.00', todayTotal: '105.00' });
    expect(after.dropOffs[0].voided).toMatchObject({ reason: 'Typed 100000 for 100', by: expect.any(String) });
    expect(after.dropOffs[0].voided.by.length).toBeGreaterThan(0);

    const audit = await t.deps.db.selectFrom('audit_log').selectAll().where('kind', '=', 'dropoff.void').execute();
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]!.detail)).toMatchObject({ dropoffId: typo.id, agentId: staffId, amount: '100000.00' });

    const ok = await post('staff', 'saveDropoffNotes', { dropoffAmount: '20', dropoffNotes: 'lunch drop' });
    expect(ok.statusCode, ok.body).toBe(200);
    const print = (await get('staff', 'getPrintNotes')).json();
    expect(print.lines).toContain(`Cash on hand${' '.repeat(14)}$15.00`);
    expect(print.lines.some((l: string) => l.endsWith('VOID $100,000.00'))).toBe(true);
  });

  it("shows a supervisor any agent's day, and no one else's to an agent", async () => {
    const sup = await get('supervisor', `getDropoffReport?agentId=${staffId}`);
    expect(sup.statusCode, sup.body).toBe(200);
    expect(sup.json()).toMatchObject({ agentId: staffId, canVoid: true, overview: { cashOnHand: '15.00' } });
    expect(sup.json().agents.map((a: { id: number }) => a.id)).toContain(staffId);
    const supervisorId = (await get('supervisor', 'getDropoffReport')).json().agentId;
    const peek = await get('staff', `getDropoffReport?agentId=${supervisorId}`);
    expect(peek.statusCode).toBe(403);
    expect(peek.json().details).toBe(dropoffTexts.onlyYourOwn);
    expect((await get('admin', 'getDropoffReport?agentId=999999')).statusCode).toBe(404);
    expect((await get('admin', 'getDropoffReport?agentId=abc')).statusCode).toBe(400);
  });

  // Issue 23: a drop-off made offline is queued on the tablet with a key of its own and sent when
  // the link returns; a late answer plus the queued send, or a burst of retries, is one drop-off.
  it('records a drop-off once per tablet key: a replay, and a parallel burst, are the same drop-off', async () => {
    const rows = (key: string) =>
      t.deps.db.selectFrom('dropoffs').select(['id', 'amount_cents', 'day']).where('client_key', '=', key).execute();
    const body = {
      dropoffAmount: '5',
      dropoffNotes: 'queued',
      clientKey: 'drop-key-0001',
      confirmOverCashOnHand: true,
    };
    const first = await post('staff', 'saveDropoffNotes', body);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ success: 1, replayed: false });
    // Sent again without the confirmation (the cash on hand is now lower): still the same drop-off.
    const again = await post('staff', 'saveDropoffNotes', { ...body, confirmOverCashOnHand: false });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ id: first.json().id, replayed: true });
    expect(await rows('drop-key-0001')).toHaveLength(1);

    const burst = { ...body, clientKey: 'drop-key-burst', dropoffAmount: '1.25' };
    const answers = await Promise.all(Array.from({ length: 8 }, () => post('staff', 'saveDropoffNotes', burst)));
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    const ids = new Set(answers.map((a) => a.json().id));
    expect(ids.size).toBe(1);
    expect(answers.filter((a) => a.json().replayed === false)).toHaveLength(1);
    expect(await rows('drop-key-burst')).toEqual([expect.objectContaining({ amount_cents: 125 })]);

    // The same key for another amount is refused, not recorded.
    const other = await post('staff', 'saveDropoffNotes', { ...body, dropoffAmount: '6' });
    expect(other.statusCode).toBe(409);
    expect(other.json().details).toBe(dropoffTexts.keyReused);
    // Keys are the tablet's: another agent's drop-off under the same key is their own.
    const theirs = await post('supervisor', 'saveDropoffNotes', body);
    expect(theirs.statusCode, theirs.body).toBe(200);
    expect(theirs.json().id).not.toBe(first.json().id);
    expect(await rows('drop-key-0001')).toHaveLength(2);
  });

  it('puts a queued drop-off in the day it was made, and refuses one older than 24 hours', async () => {
    const made = MORNING - 60_000;
    const r = await post('staff', 'saveDropoffNotes', {
      dropoffAmount: '1',
      clientKey: 'drop-key-taken',
      takenAt: made,
      confirmOverCashOnHand: true,
    });
    expect(r.statusCode, r.body).toBe(200);
    const row = await t.deps.db
      .selectFrom('dropoffs')
      .select(['at'])
      .where('client_key', '=', 'drop-key-taken')
      .executeTakeFirstOrThrow();
    expect(Number(row.at)).toBe(made);
    const old = await post('staff', 'saveDropoffNotes', {
      dropoffAmount: '1',
      clientKey: 'drop-key-old',
      takenAt: MORNING - 25 * 3600_000,
      confirmOverCashOnHand: true,
    });
    expect(old.statusCode).toBe(400);
    expect(old.json().details).toBe(dropoffTexts.tooOld);
    const bad = await post('staff', 'saveDropoffNotes', { dropoffAmount: '1', clientKey: 'x' });
    expect(bad.statusCode).toBe(400);
  });
});
