import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { retry } from '../../src/features/pms/postings.repository';
import { enqueueMissing, runPostingQueue } from '../../src/features/pms/postings.service';
import { fixedClock } from '../../src/platform/clock';
import { type MewsFake, startMewsFake } from '../fixtures/mews/mews-fake';
import { type OhipFake, startOhipFake } from '../fixtures/ohip/ohip-fake';
import { type TestApp, buildTestApp, injectAs, testDialect } from '../helpers';
import { type PmsVenue, addRoomChargeSale, connectPmsHotels, pmsHeld } from './pms-kit';

// Issue 34 point 4 (decision 320): an admin's price or tip correction, a delete, a restore and a
// switch of hotel of a room charge already posted become the PMS's own correction — a reversal
// (negative lines, key `<key>-void`) on the same folio and a re-post (`sb-<id>-<n+1>`), each
// carrying the correction's line as the reason — through the same queue, validated against the
// vendors' documents. Never a silent difference: the PMS holds what Sandbar counts, to the cent.
describe(`corrections follow to the PMS on ${testDialect}`, () => {
  let t: TestApp;
  let mews: MewsFake;
  let ohip: OhipFake;
  let v: PmsVenue;
  const clock = fixedClock(Date.UTC(2026, 6, 4, 15));
  const post = (url: string, payload: object) =>
    injectAs(t.app, 'admin', { method: 'POST', url: `/api/${url}`, payload });
  const drain = async () => {
    for (let i = 0; i < 30; i++) {
      await runPostingQueue(t.deps);
      const left = await t.deps.db.selectFrom('pms_postings').select('id').where('status', '=', 'pending').execute();
      if (!left.length) return;
      clock.advance(60_000);
    }
  };
  const postingsOf = (saleId: number) =>
    t.deps.db.selectFrom('pms_postings').selectAll().where('sale_id', '=', saleId).orderBy('id').execute();
  const sale = (hotel: 'Hyatt' | 'Wyndham', cents = 3500, tip = 500) =>
    addRoomChargeSale(t.deps.db, v, { hotelId: v.hotels[hotel]!, cents, tip, at: clock.now(), day: '2026-07-04' });
  const saleTotal = async (id: number) =>
    Number(
      (
        await t.deps.db
          .selectFrom('sales')
          .select(['total_cents', 'deleted_at'])
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).total_cents,
    );
  const heldFor = async (id: number) => {
    const rows = await postingsOf(id);
    const held = pmsHeld(mews, ohip).byKey;
    return rows.reduce((a, r) => a + (held.get(r.idem_key) ?? 0), 0);
  };

  beforeAll(async () => {
    mews = await startMewsFake();
    ohip = await startOhipFake();
    t = await buildTestApp({ clock, env: { SANDBAR_SECRET_KEY: 'ab'.repeat(32) } });
    v = await connectPmsHotels(t.deps, mews, ohip);
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await mews.close();
    await ohip.close();
  });
  beforeEach(() => {
    mews.faults.length = 0;
    ohip.faults.length = 0;
  });

  it('a price correction of a posted Mews charge: reversal with its own key and the reason, then the new price', async () => {
    const s = await sale('Hyatt');
    await drain();
    const r = await post('saveTransaction', { price: '30.00', transactionId: s.id, reason: 'Wrong unit' });
    expect(r.statusCode, r.body).toBe(200);
    await drain();
    const rows = await postingsOf(s.id);
    const key = rows[0]!.idem_key;
    expect(rows.map((p) => [p.action, p.idem_key.replace(key.slice(0, -1), ''), p.amount_cents, p.status])).toEqual([
      ['charge', '1', 4000, 'posted'],
      ['void', '1-void', -4000, 'posted'],
      ['charge', '2', 3500, 'posted'],
    ]);
    expect(rows[1]!.voids_id).toBe(rows[0]!.id);
    expect(rows[1]!.reason).toBe('Price corrected $35.00 → $30.00 by Alex Admin: Wrong unit');
    // The reversal sits on the same customer's bill, with its own ExternalIdentifier and the reason.
    const rev = mews.items.filter((i) => i.ExternalIdentifier.startsWith(`${key}-void.`));
    expect(rev.map((i) => i.Amount)).toEqual([-35, -5]);
    expect(new Set(rev.map((i) => i.AccountId))).toEqual(new Set([mews.guests[0]!.customerId]));
    expect(await heldFor(s.id)).toBe(await saleTotal(s.id));
    expect(mews.violations).toEqual([]);
  });

  it('a tip correction of an OPERA charge: negative postBillingCharges lines by reference, remark with the reason', async () => {
    const s = await sale('Wyndham');
    await drain();
    expect((await post('saveTip', { tip: '8.00', transactionId: s.id, reason: 'Guest asked' })).statusCode).toBe(200);
    await drain();
    const rows = await postingsOf(s.id);
    expect(rows.map((p) => [p.action, p.amount_cents, p.status])).toEqual([
      ['charge', 4000, 'posted'],
      ['void', -4000, 'posted'],
      ['charge', 4300, 'posted'],
    ]);
    const rev = ohip.postings.filter((p) => p.reference === rows[1]!.idem_key);
    expect(rev.map((p) => [p.transactionCode, p.amount])).toEqual([
      ['2010', -35],
      ['2090', -5],
    ]);
    expect(await heldFor(s.id)).toBe(4300);
    expect(ohip.violations).toEqual([]);
  });

  it('a delete reverses, a restore re-posts, a tip removal re-posts: the PMS follows every step', async () => {
    const s = await sale('Hyatt');
    await drain();
    await post('deleteTransaction', { deleteId: s.id, reason: 'Double entry' });
    await drain();
    expect(await heldFor(s.id)).toBe(0);
    expect((await post('restoreTransaction', { transactionId: s.id, reason: 'It was right' })).statusCode).toBe(200);
    await drain();
    expect(await heldFor(s.id)).toBe(4000);
    await post('deleteTipMultiTransaction', { deleteIds: [s.id], reportTime: Math.floor(clock.now() / 1000) });
    await drain();
    const rows = await postingsOf(s.id);
    expect(rows.map((p) => `${p.action}:${p.amount_cents}:${p.status}`)).toEqual([
      'charge:4000:posted',
      'void:-4000:posted',
      'charge:4000:posted',
      'void:-4000:posted',
      'charge:3500:posted',
    ]);
    expect(rows.map((p) => p.reason.split(' by ')[0])).toEqual([
      '',
      'Deleted counted ($40.00) → deleted',
      'Restored deleted → counted ($40.00)',
      'Tip removed $5.00 → $0.00',
      'Tip removed $5.00 → $0.00',
    ]);
    expect(await heldFor(s.id)).toBe(3500);
    expect(mews.violations).toEqual([]);
  });

  it('a switch of hotel reverses at the first PMS and posts at the second', async () => {
    const s = await sale('Hyatt');
    await drain();
    const r = await post('switchTransaction', {
      customerId: s.id,
      reportType: 'wyndhamRoomCharge',
      reason: 'Wrong hotel',
    });
    expect(r.statusCode, r.body).toBe(200);
    await drain();
    const rows = await postingsOf(s.id);
    expect(rows.map((p) => [p.action, p.hotel_id, p.amount_cents, p.status])).toEqual([
      ['charge', v.hotels.Hyatt, 4000, 'posted'],
      ['void', v.hotels.Hyatt, -4000, 'posted'],
      ['charge', v.hotels.Wyndham, 4000, 'posted'],
    ]);
    expect(ohip.postings.filter((p) => p.reference === rows[2]!.idem_key).map((p) => p.amount)).toEqual([35, 5]);
    // Switched to a hotel on the roster: only the reversal.
    const r2 = await post('switchTransaction', {
      customerId: s.id,
      reportType: String(v.hotels.Other),
      reason: 'A walk-in after all',
    });
    expect(r2.statusCode, r2.body).toBe(200);
    await drain();
    expect(await heldFor(s.id)).toBe(0);
    expect([...mews.violations, ...ohip.violations]).toEqual([]);
  });

  it('a correction before the first attempt cancels the charge (nothing reached the PMS): no reversal', async () => {
    const s = await sale('Wyndham');
    // Queued, not yet tried by any instance.
    await enqueueMissing(t.deps);
    await t.deps.db
      .updateTable('pms_postings')
      .set({ next_attempt_at: clock.now() + 3_600_000 })
      .where('sale_id', '=', s.id)
      .execute();
    await post('saveTransaction', { price: '20.00', transactionId: s.id, reason: 'Discount' });
    const rows = await postingsOf(s.id);
    expect(rows.map((p) => [p.action, p.amount_cents, p.status])).toEqual([
      ['charge', 4000, 'voided'],
      ['charge', 2500, 'pending'],
    ]);
    await drain();
    expect(await heldFor(s.id)).toBe(2500);
  });

  it("a charge that failed with its answer lost is found by the reversal's read-back, recorded posted and reversed", async () => {
    const s = await sale('Hyatt');
    // The first attempt posts, and its answer is lost; then its retries run out (as if the PMS
    // stayed unreachable): the charge is "failed" while it sits on the folio.
    mews.faults.push('lost');
    await runPostingQueue(t.deps);
    const [charge] = await postingsOf(s.id);
    await t.deps.db
      .updateTable('pms_postings')
      .set({ status: 'failed', last_error: 'No answer' })
      .where('id', '=', charge!.id)
      .execute();
    await post('saveTransaction', { price: '25.00', transactionId: s.id, reason: 'Price list' });
    await drain();
    const rows = await postingsOf(s.id);
    expect(rows.map((p) => [p.action, p.amount_cents, p.status])).toEqual([
      ['charge', 4000, 'posted'],
      ['void', -4000, 'posted'],
      ['charge', 3000, 'posted'],
    ]);
    // A superseded charge cannot be retried: its reversal decides.
    await t.deps.db.updateTable('pms_postings').set({ status: 'failed' }).where('id', '=', rows[0]!.id).execute();
    expect(await retry(t.deps.db, rows[0]!.id, clock.now())).toBe(false);
    await t.deps.db.updateTable('pms_postings').set({ status: 'posted' }).where('id', '=', rows[0]!.id).execute();
    expect(await heldFor(s.id)).toBe(3000);
  });

  it('a charge refused by the PMS (guest not in house) and then deleted: nothing to reverse', async () => {
    const s = await addRoomChargeSale(t.deps.db, v, {
      hotelId: v.hotels.Wyndham!,
      cents: 1000,
      tip: 0,
      at: clock.now(),
      day: '2026-07-04',
      lastName: 'Nobody',
    });
    await drain();
    expect((await postingsOf(s.id)).map((p) => p.status)).toEqual(['failed']);
    await post('deleteTransaction', { deleteId: s.id, reason: 'Not a guest' });
    await drain();
    expect((await postingsOf(s.id)).map((p) => [p.action, p.status])).toEqual([
      ['charge', 'voided'],
      ['void', 'voided'],
    ]);
    expect(await heldFor(s.id)).toBe(0);
  });
});
