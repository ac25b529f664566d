import { PmsAttentionResponse, PmsReconciliationResponse } from '@sandbar/contract/pms-reconciliation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueMissing, runPostingQueue } from '../../src/features/pms/postings.service';
import { fixedClock } from '../../src/platform/clock';
import { type MewsFake, startMewsFake } from '../fixtures/mews/mews-fake';
import { type OhipFake, startOhipFake } from '../fixtures/ohip/ohip-fake';
import { type TestApp, buildTestApp, injectAs, testDialect } from '../helpers';
import { type PmsVenue, addRoomChargeSale, connectPmsHotels, pmsHeld } from './pms-kit';

// Issue 34 point 5 (decision 321): after the venue's day, Sandbar's room-charge total per
// PMS-connected hotel against what the PMS confirmed, to the cent, differences sale by sale; the
// hotel's RoomCharge e-mail says "all posted" or lists what is not; a posting failing after its
// retries is on Needs attention for admins (a count and the list, GET /getPmsAttention).
describe(`night reconciliation per hotel on ${testDialect}`, () => {
  let t: TestApp;
  let mews: MewsFake;
  let ohip: OhipFake;
  let v: PmsVenue;
  const day = '2026-07-04';
  const clock = fixedClock(Date.UTC(2026, 6, 4, 16));
  const get = (user: string, url: string) => injectAs(t.app, user, { method: 'GET', url: `/api/${url}` });
  const post = (url: string, payload: object) =>
    injectAs(t.app, 'admin', { method: 'POST', url: `/api/${url}`, payload });
  const drain = async () => {
    for (let i = 0; i < 30; i++) {
      await runPostingQueue(t.deps);
      clock.advance(60_000);
    }
  };
  const sale = (hotel: 'Hyatt' | 'Wyndham', cents: number, tip = 0, lastName = 'Smith') =>
    addRoomChargeSale(t.deps.db, v, { hotelId: v.hotels[hotel]!, cents, tip, at: clock.now(), day, lastName });
  const reconcile = async (user = 'admin') => {
    const r = await get(user, `getPmsReconciliation?day=${day}`);
    expect(r.statusCode, r.body).toBe(200);
    return PmsReconciliationResponse.parse(r.json());
  };
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    mews = await startMewsFake();
    ohip = await startOhipFake();
    t = await buildTestApp({ clock, env: { SANDBAR_SECRET_KEY: 'ab'.repeat(32) } });
    v = await connectPmsHotels(t.deps, mews, ohip);
    ids.m1 = (await sale('Hyatt', 3500, 500)).id;
    ids.m2 = (await sale('Hyatt', 2000)).id;
    ids.m3 = (await sale('Hyatt', 1500)).id;
    ids.o1 = (await sale('Wyndham', 4000, 250)).id;
    ids.o2 = (await sale('Wyndham', 1200, 0, 'Nobody')).id; // not in house: OPERA refuses
    await drain();
    // Corrections after posting: a new price, a delete.
    await post('saveTransaction', { price: '30.00', transactionId: ids.m1, reason: 'Wrong unit' });
    await post('deleteTransaction', { deleteId: ids.m3, reason: 'Double entry' });
    await drain();
  }, 120_000);
  afterAll(async () => {
    await t.close();
    await mews.close();
    await ohip.close();
  });

  it("a hotel whose PMS confirmed every charge: all posted, Sandbar's total = the PMS's to the cent", async () => {
    const r = await reconcile();
    const hyatt = r.hotels.find((h) => h.hotelId === v.hotels.Hyatt)!;
    expect(hyatt).toMatchObject({
      kind: 'mews',
      sales: 2,
      sandbar: '55.00',
      sandbarCents: 5500,
      pmsCents: 5500,
      allPosted: true,
      differences: [],
    });
    // What the Mews fake holds for the Hyatt's sales, net of the reversals, is the same.
    const held = pmsHeld(mews, ohip);
    const mewsNet = mews.items.reduce((a, i) => a + Math.round(i.Amount * 100), 0);
    expect(mewsNet).toBe(5500);
    expect(held.total).toBe(5500 + 4250);
  });

  it('a hotel with a refused charge: not all posted, the sale listed with the PMS message', async () => {
    const r = await reconcile();
    const wyndham = r.hotels.find((h) => h.hotelId === v.hotels.Wyndham)!;
    expect(wyndham).toMatchObject({ kind: 'opera', sales: 2, sandbarCents: 5450, pmsCents: 4250, allPosted: false });
    expect(wyndham.differences).toEqual([
      expect.objectContaining({
        saleId: ids.o2,
        room: '305',
        sandbar: '12.00',
        pms: '0.00',
        differenceCents: 1200,
        state: 'failed',
        detail: expect.stringContaining('No guest Nobody is in house in room 305'),
      }),
    ]);
    // Roster hotels have no PMS to reconcile.
    expect(r.hotels.map((h) => h.hotel).sort()).toEqual(['Hyatt', 'Wyndham']);
  });

  it('a sale still posting is listed as such, then reconciles once posted', async () => {
    mews.down = true;
    const s = await sale('Hyatt', 900);
    await runPostingQueue(t.deps);
    let hyatt = (await reconcile()).hotels.find((h) => h.hotelId === v.hotels.Hyatt)!;
    expect(hyatt.allPosted).toBe(false);
    expect(hyatt.differences).toEqual([
      expect.objectContaining({ saleId: s.id, sandbar: '9.00', pms: '0.00', state: 'pending' }),
    ]);
    const other = await sale('Hyatt', 100);
    hyatt = (await reconcile()).hotels.find((h) => h.hotelId === v.hotels.Hyatt)!;
    expect(hyatt.differences.find((d) => d.saleId === other.id)?.state).toBe('notQueued');
    mews.down = false;
    await enqueueMissing(t.deps);
    await drain();
    hyatt = (await reconcile()).hotels.find((h) => h.hotelId === v.hotels.Hyatt)!;
    expect(hyatt).toMatchObject({ sandbarCents: 6500, pmsCents: 6500, allPosted: true });
  });

  it('Needs attention for admins: the failing postings and their count; admins only, the day validated', async () => {
    const r = await get('admin', 'getPmsAttention');
    expect(r.statusCode).toBe(200);
    const a = PmsAttentionResponse.parse(r.json());
    expect(a.count).toBe(1);
    expect(a.items).toEqual([
      expect.objectContaining({ saleId: ids.o2, hotel: 'Wyndham', action: 'charge', amount: '12.00', day }),
    ]);
    expect((await get('supervisor', 'getPmsAttention')).statusCode).toBe(403);
    expect((await get('supervisor', `getPmsReconciliation?day=${day}`)).statusCode).toBe(403);
    expect((await get('admin', 'getPmsReconciliation?day=July')).statusCode).toBe(400);
    // Deleted, the refused sale leaves Needs attention and the reconciliation is equal.
    await post('deleteTransaction', { deleteId: ids.o2, reason: 'Not a guest' });
    await drain();
    expect(PmsAttentionResponse.parse((await get('admin', 'getPmsAttention')).json()).count).toBe(0);
    const wyndham = (await reconcile()).hotels.find((h) => h.hotelId === v.hotels.Wyndham)!;
    expect(wyndham).toMatchObject({ sandbarCents: 4250, pmsCents: 4250, allPosted: true });
  });

  it("the hotel's RoomCharge e-mail says all posted, or lists what is not", async () => {
    const failing = await sale('Wyndham', 700, 0, 'Nobody');
    await drain();
    const ts = Math.floor(clock.now() / 1000);
    for (const type of ['hyattRoomCharge', 'wyndhamRoomCharge']) {
      const r = await get('admin', `sendEmailReport/${type}/${ts}`);
      expect(r.statusCode, r.body).toBe(200);
    }
    const mails = await t.deps.db.selectFrom('outbox').select(['recipient', 'subject', 'body', 'html']).execute();
    const hyatt = mails.find((m) => (m.subject ?? '').includes('Hyatt'))!;
    expect(hyatt.body).toContain('All posted to Mews: 4 room charges, Sandbar $65.00 = Mews $65.00.');
    expect(hyatt.html).toContain('All posted to Mews');
    const wyndham = mails.find((m) => (m.subject ?? '').includes('Wyndham'))!;
    expect(wyndham.body).toContain(
      'Not all posted to OPERA Cloud: Sandbar $49.50, OPERA Cloud confirmed $42.50 (difference $7.00).',
    );
    expect(wyndham.body).toMatch(
      new RegExp(
        `Invoice ${String(failing.id).padStart(6, '0')} \\(room 305 Ana Smith\\): Sandbar \\$7\\.00, OPERA Cloud \\$0\\.00 — failed: .*Nobody`,
      ),
    );
    expect(wyndham.html).toContain(`<li>Invoice ${String(failing.id).padStart(6, '0')} (room 305 Ana Smith)`);
  });
});
