import { saleBookingTexts } from '@sandbar/contract/messages';
import { reservationTexts } from '@sandbar/contract/reservations';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/platform/clock';
import { readState } from '../../src/features/units/unit-state.repository';
import { type TestApp, buildTestApp, injectAs, testDialect } from '../helpers';
import { DAY, MORNING, buildSale, priceId, unitId } from '../sales/factories';

// Issue 32 defect 2: a sale that began as a walk-in stays a walk-in. A unit booked meanwhile
// refuses it with the holder's name; only a sale naming the booking, made out to its guest, on a
// unit the booking holds today, checks the booking in. A walk-in queued offline that meets a booking
// made meanwhile is an honest conflict (unseated, Needs attention), never a check-in.
const MINUTE = 60_000;

describe(`a walk-in sale meets a booking on ${testDialect}`, () => {
  let t: TestApp;
  const clock = fixedClock(MORNING);
  let umbrella: number;
  const post = (user: string, url: string, payload: unknown) =>
    injectAs(t.app, user, { method: 'POST', url: `/api/${url}`, payload: payload as object });
  const get = (user: string, url: string) => injectAs(t.app, user, { method: 'GET', url: `/api/${url}` });
  const mb = (n: number) => unitId(t.deps.db, 'MB', n);
  const book = async (unit: number, guestName: string, extra: Record<string, unknown> = {}) => {
    const res = await post('manager', 'saveReservation', {
      guestName,
      phone: '305 555 0142',
      days: [DAY],
      partySize: 2,
      arrival: '11:00',
      unitIds: [unit],
      ...extra,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().reservation as { id: number };
  };
  const statusOf = async (id: number) => (await get('staff', `getReservation/${id}`)).json().status as string;

  beforeAll(async () => {
    t = await buildTestApp({ clock });
    umbrella = await priceId(t.deps.db, 'Umbrella + 2 Chairs');
  });
  afterAll(async () => t.close());

  it('refuses a walk-in sale of a unit booked meanwhile, naming the guest and when; the booking stays confirmed', async () => {
    const unit = await mb(50);
    clock.set(MORNING + 42 * MINUTE);
    const rita = await book(unit, 'Rita Race');
    clock.set(MORNING + 45 * MINUTE);
    const walkIn = await post(
      'staff',
      'saveCustomer',
      buildSale({ unitId: unit, selectedUnit: umbrella, customerName: 'Walk In' }),
    );
    expect(walkIn.statusCode).toBe(409);
    expect(walkIn.json().details).toBe(saleBookingTexts.bookedMeanwhile('MB 50', 'Rita Race', '10:42 AM'));
    // What a tablet that mistook the walk-in for a check-in sent (issue 32): the booking's id,
    // the walk-in's name. Refused: the sale is not made out to the booking's guest.
    const mistaken = await post(
      'staff',
      'saveCustomer',
      buildSale({ unitId: unit, selectedUnit: umbrella, customerName: 'Walk In', reservationId: rita.id }),
    );
    expect(mistaken.statusCode).toBe(409);
    expect(mistaken.json().details).toBe(saleBookingTexts.checkInOtherGuest('Rita Race', 'Walk In'));
    // A card sale's claim before the charge is refused the same way: no charge is started.
    const hold = await post('staff', 'holdUnit', { unitId: unit, cartId: 'walk-in-claim-1' });
    expect(hold.statusCode).toBe(409);
    expect(hold.json().details).toContain('Rita Race');
    expect(await statusOf(rita.id)).toBe('confirmed');
    expect((await readState(t.deps.db, unit, DAY, 'U')).status).toBe(1);
    const sales = await t.deps.db.selectFrom('sales').select('id').where('customer_name', '=', 'Walk In').execute();
    expect(sales).toHaveLength(0);
  });

  it('says "reserved today" for a booking made on an earlier day', async () => {
    const unit = await mb(51);
    clock.set(MORNING - 24 * 60 * MINUTE);
    await book(unit, 'Early Bird');
    clock.set(MORNING);
    const walkIn = await post('staff', 'saveCustomer', buildSale({ unitId: unit, selectedUnit: umbrella }));
    expect(walkIn.statusCode).toBe(409);
    expect(walkIn.json().details).toBe(saleBookingTexts.reservedToday('MB 51', 'Early Bird'));
  });

  it('refuses a check-in naming another unit’s booking, a booking that does not exist, or another guest', async () => {
    const unit = await mb(52);
    const other = await mb(53);
    const free = await mb(54);
    clock.set(MORNING);
    const mine = await book(unit, 'Mia Mine');
    const theirs = await book(other, 'Theo Theirs');
    const wrongBooking = await post(
      'staff',
      'saveCustomer',
      buildSale({ unitId: unit, selectedUnit: umbrella, customerName: 'Theo Theirs', reservationId: theirs.id }),
    );
    expect(wrongBooking.statusCode).toBe(409);
    expect(wrongBooking.json().details).toBe(saleBookingTexts.checkInNotThisUnit('Theo Theirs', 'MB 52'));
    // A booking's id does not sell a free unit as its check-in either.
    const freeUnit = await post(
      'staff',
      'saveCustomer',
      buildSale({ unitId: free, selectedUnit: umbrella, customerName: 'Mia Mine', reservationId: mine.id }),
    );
    expect(freeUnit.statusCode).toBe(409);
    expect(freeUnit.json().details).toBe(saleBookingTexts.checkInNotThisUnit('Mia Mine', 'MB 54'));
    const missing = await post(
      'staff',
      'saveCustomer',
      buildSale({ unitId: unit, selectedUnit: umbrella, customerName: 'Mia Mine', reservationId: 999_999 }),
    );
    expect(missing.statusCode).toBe(404);
    expect(missing.json().details).toBe(reservationTexts.notFound);
    const wrongGuest = await post(
      'staff',
      'saveCustomer',
      buildSale({ unitId: unit, selectedUnit: umbrella, customerName: 'Somebody Else', reservationId: mine.id }),
    );
    expect(wrongGuest.statusCode).toBe(409);
    expect(wrongGuest.json().details).toBe(saleBookingTexts.checkInOtherGuest('Mia Mine', 'Somebody Else'));
    for (const r of [mine, theirs]) expect(await statusOf(r.id)).toBe('confirmed');
    expect((await readState(t.deps.db, free, DAY, 'U')).status).toBe(0);
  });

  it('a correct check-in still works: the guest’s name (any case), the deposit off the total, checked in', async () => {
    const unit = await mb(55);
    clock.set(MORNING);
    const r = await book(unit, 'Chuck Right', { deposit: { method: 'Cash', amount: 15 } });
    const sale = await post(
      'staff',
      'saveCustomer',
      buildSale({
        unitId: unit,
        selectedUnit: umbrella,
        customerName: '  chuck   right ',
        reservationId: r.id,
        orderTotal: '20.00',
      }),
    );
    expect(sale.statusCode, sale.body).toBe(200);
    expect(sale.json()).toMatchObject({ orderTotal: '20.00', total: '20.00' });
    const after = (await get('staff', `getReservation/${r.id}`)).json();
    expect(after).toMatchObject({ status: 'checked_in', saleId: sale.json().saleId, depositBalance: '0.00' });
    expect(after.payments.at(-1)).toMatchObject({ kind: 'applied', amount: '15.00' });
    expect((await readState(t.deps.db, unit, DAY, 'U')).status).toBe(2);
  });

  it('a walk-in queued offline meets a booking made meanwhile: recorded unseated in Needs attention, the booking untouched', async () => {
    const unit = await mb(56);
    clock.set(MORNING + 10 * MINUTE);
    const takenAt = clock.now();
    clock.set(MORNING + 20 * MINUTE);
    const rosa = await book(unit, 'Rosa Later');
    clock.set(MORNING + 30 * MINUTE);
    const queued = await post(
      'staff',
      'saveCustomer',
      buildSale({ unitId: unit, selectedUnit: umbrella, customerName: 'Ola Offline', takenAt }),
    );
    expect(queued.statusCode, queued.body).toBe(200);
    const customer = await t.deps.db
      .selectFrom('unit_customers')
      .selectAll()
      .where('id', '=', queued.json().customerIds[0])
      .executeTakeFirstOrThrow();
    expect(customer.state).toBe('unseated');
    const items = (await get('staff', 'getNeedsAttention')).json().items as {
      customerName: string;
      promisedUnit: string;
    }[];
    expect(items).toContainEqual(expect.objectContaining({ customerName: 'Ola Offline', promisedUnit: 'MB 56' }));
    expect(await statusOf(rosa.id)).toBe('confirmed');
    const state = await readState(t.deps.db, unit, DAY, 'U');
    expect(state.status).toBe(1);
    expect(state.customerId).toBeNull();
  });
});
