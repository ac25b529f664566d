import { pmsLookupTexts } from '@sandbar/contract/pms-lookup';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { breakerState, lookupPolicy } from '../../src/features/pms/lookup.service';
import { saveHotelPms } from '../../src/features/pms/pms.service';
import { runPostingQueue } from '../../src/features/pms/postings.service';
import { fixedClock } from '../../src/platform/clock';
import { type MewsFake, startMewsFake } from '../fixtures/mews/mews-fake';
import { type TestApp, buildTestApp, injectAs, testDialect } from '../helpers';
import { MORNING, buildSale, hotelId, priceId, unitId } from '../sales/factories';

// Issue 34, point 2: the room-charge step and the sale's room check ask the hotel's PMS live (the
// Mews fake). A PMS that is slow, down or answers garbage never blocks a sale: the roster answers
// with the warning, the breaker stops asking after repeated failures and closes again.
describe(`live guest lookup on ${testDialect}`, () => {
  let t: TestApp;
  let mews: MewsFake;
  const clock = fixedClock(MORNING);
  let hyatt = 0;
  let hyattItem = 0;
  let unitNo = 40;
  const post = (url: string, payload: unknown) =>
    injectAs(t.app, 'staff', { method: 'POST', url: `/api/${url}`, payload: payload as object });
  const search = async (hotelLastName: string, hotelRoomNumber: string) => {
    const res = await post('searchWyndham', {
      customerData: { hotelLastName, hotelRoomNumber, roomChargeHotel: hyatt },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const sell = async (lastName: string, roomNumber: string) =>
    post(
      'saveCustomer',
      buildSale({
        unitId: await unitId(t.deps.db, 'MB', unitNo++),
        selectedUnit: hyattItem,
        paymentMethod: 'Room Charge',
        roomChargeHotel: hyatt,
        lastName,
        roomNumber,
        customerName: '',
        orderTotal: '20.00',
      }),
    );

  beforeAll(async () => {
    mews = await startMewsFake();
    t = await buildTestApp({ clock, env: { SANDBAR_SECRET_KEY: 'cd'.repeat(32) } });
    hyatt = await hotelId(t.deps.db, 'Hyatt');
    hyattItem = await priceId(t.deps.db, 'Hyatt Guest Umbrella');
    await saveHotelPms(t.deps, {
      hotelId: hyatt,
      kind: 'mews',
      endpoint: mews.url,
      propertyCode: mews.serviceId,
      currency: 'USD',
      credentials: { clientToken: mews.clientToken, accessToken: mews.accessToken },
      mapping: { umbrella: 'ac-umbrella', cabana: 'ac-cabana', addon: 'ac-addon', fnb: 'ac-fnb', tip: 'ac-tip' },
    });
    // Ana Smith (room 305 in the fake) is on the hotel's roster too: the fallback knows her.
    await t.deps.db
      .insertInto('hotel_guests')
      .values({ hotel_id: hyatt, room: '0305', guest_name: 'Smith, Ana', accompanying_guest_name: '', additional: 0 })
      .execute();
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await mews.close();
  });
  beforeEach(async () => {
    mews.down = false;
    mews.faults = [];
    mews.faultEvery = false;
    mews.slowMs = 10_000;
    // Each test starts with the breaker closed: time moves past any open breaker, one success closes it.
    clock.advance(lookupPolicy.openMs + 1000);
    expect((await search('Smith', '305')).live.status).toBe('found');
    expect(breakerState(t.deps, hyatt)).toBe('closed');
  });

  it('finds the guest in house: name and reservation shown; the sale posts to the folio', async () => {
    const r = await search('smith', '0305');
    expect(r.exactMatch).toBe(true);
    expect(r.live).toEqual({
      status: 'found',
      guest: { name: 'Ana Smith', room: '305', reservation: '4021' },
      vacationOwner: false,
      warning: null,
    });
    const sale = await sell('Smith', '305');
    expect(sale.statusCode, sale.body).toBe(200);
    const before = mews.items.length;
    await runPostingQueue(t.deps);
    const posting = await t.deps.db
      .selectFrom('pms_postings')
      .selectAll()
      .where('sale_id', '=', sale.json().saleId)
      .executeTakeFirstOrThrow();
    expect(posting.status).toBe('posted');
    expect(mews.items.length).toBeGreaterThan(before);
    expect(mews.violations).toEqual([]);
  });

  it('not in house: the PMS answers for a guest only the roster lists, and the sale is refused', async () => {
    // Miller in 412 is on Hyatt's roster, but the PMS has nobody in that room.
    const r = await search('Miller', '412');
    expect(r.live.status).toBe('notInHouse');
    expect(r.exactMatch).toBe(false);
    expect(r.guests.length).toBeGreaterThan(0);
    const sale = await sell('Miller', '412');
    expect(sale.statusCode).toBe(400);
    expect(sale.json().details).toBe(pmsLookupTexts.notInHouse);
  });

  it('a slow PMS: the roster answers within the budget, with the warning, and the sale completes', async () => {
    mews.faultEvery = true;
    mews.slowMs = 4000;
    mews.faults = ['slow', 'slow'];
    let started = Date.now();
    const r = await search('Smith', '305');
    expect(Date.now() - started).toBeLessThan(lookupPolicy.budgetMs + 700);
    expect(r.live).toMatchObject({ status: 'unreachable', warning: pmsLookupTexts.unreachable, guest: null });
    expect(r.exactMatch).toBe(true);
    started = Date.now();
    const sale = await sell('Smith', '305');
    expect(sale.statusCode, sale.body).toBe(200);
    expect(Date.now() - started).toBeLessThan(lookupPolicy.budgetMs + 1500);
    // A guest on neither list is still refused by the roster.
    mews.faults = ['slow'];
    expect((await sell('Nobody', '305')).statusCode).toBe(400);
  });

  it('an answer in garbage is not data: the roster answers, with the warning', async () => {
    // A gateway's HTML page with a 200 (the adapter's zod parse never sees data).
    mews.faultEvery = true;
    mews.faults = ['garbage'];
    const r = await search('Smith', '305');
    expect(r.live).toMatchObject({ status: 'unreachable', warning: pmsLookupTexts.unreachable });
    expect(r.exactMatch).toBe(true);
    // A 500 is the same; the next answer that parses is believed again.
    mews.faults = ['500'];
    expect((await search('Smith', '305')).live.status).toBe('unreachable');
    expect((await search('Smith', '305')).live.status).toBe('found');
  });

  it('the breaker opens after repeated failures (no more calls), then a trial call closes it', async () => {
    mews.down = true;
    for (let i = 0; i < lookupPolicy.failuresToOpen; i++) {
      expect((await search('Smith', '305')).live.status).toBe('unreachable');
    }
    expect(breakerState(t.deps, hyatt)).toBe('open');
    const calls = mews.requests;
    const sale = await sell('Smith', '305');
    expect(sale.statusCode, sale.body).toBe(200);
    expect((await search('Smith', '305')).live.status).toBe('unreachable');
    expect(mews.requests).toBe(calls);
    // Still down when the trial comes: open again for another period.
    clock.advance(lookupPolicy.openMs + 1);
    expect(breakerState(t.deps, hyatt)).toBe('halfOpen');
    expect((await search('Smith', '305')).live.status).toBe('unreachable');
    expect(mews.requests).toBeGreaterThan(calls);
    expect(breakerState(t.deps, hyatt)).toBe('open');
    // Back up: the next trial closes it and the sale taken meanwhile posts.
    mews.down = false;
    clock.advance(lookupPolicy.openMs + 1);
    expect((await search('Smith', '305')).live.status).toBe('found');
    expect(breakerState(t.deps, hyatt)).toBe('closed');
    await runPostingQueue(t.deps);
    const posting = await t.deps.db
      .selectFrom('pms_postings')
      .selectAll()
      .where('sale_id', '=', sale.json().saleId)
      .executeTakeFirstOrThrow();
    expect(posting.status).toBe('posted');
  });

  it('a hotel without a PMS answers from its roster as before (no live part)', async () => {
    const wyndham = await hotelId(t.deps.db, 'Wyndham');
    const res = await post('searchWyndham', {
      customerData: { hotelLastName: 'Garcia', hotelRoomNumber: '305', roomChargeHotel: wyndham },
    });
    expect(res.json().exactMatch).toBe(true);
    expect(res.json().live).toBeUndefined();
  });
});
