import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { fixedClock } from '../../src/platform/clock';
import { injectAs } from '../helpers';
import { buildSale, hotelId, priceId, unitId } from '../sales/factories';
import type { TestApp } from '../helpers';

// One hand-computed business day, 2026-07-04 in New York, made through the real calls:
//  A 10:00 staff  cash  MB 1  $35 (an admin later re-prices it to $30)
//  B 10:30 staff  card  MB 2  $35 + $5 tip (printed at 13:35, reprinted at 13:40)
//  C 11:15 super  room charge Hyatt, Miller room 412, MB 3, $20 + $3 tip
//  D 11:45 super  voucher MB 4 $35
//  E 12:10 staff  cash cart MB 5 + MB 6, $70
//  F 13:00 admin  card MB 7 $35 + $10 tip, then deleted by an admin
//  13:30 staff moves A's customer from MB 1 to MB 8
// Live after corrections: Cash 2 = $100.00, Card 1 = $40.00 (tip 5), Room Charge 1 = $23.00
// (tip 3), Voucher 1 = $35.00; 5 sales, price $190.00, tips $8.00, total $198.00.

export const DAY = '2026-07-04';
export const at = (h: number, m: number) => Date.UTC(2026, 6, 4, h + 4, m);
export const TS = Math.floor(at(12, 0) / 1000);

export const fixtureClock = () => fixedClock(at(10, 0));

export interface FixtureIds {
  A: number;
  B: number;
  C: number;
  D: number;
  E: number;
  F: number;
}

async function ok(res: Awaited<ReturnType<typeof injectAs>>) {
  if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
  return res.json();
}

/** Sells the fixture day; `corrections: false` stops before the admin's price edit and delete. */
export async function sellFixtureDay(
  t: TestApp,
  clock: ReturnType<typeof fixedClock>,
  opts: { corrections?: boolean } = {},
): Promise<FixtureIds> {
  const app: FastifyInstance = t.app;
  const db = t.deps.db;
  const post = (user: string, url: string, payload: object) =>
    injectAs(app, user, { method: 'POST', url: `/api/${url}`, payload });
  const umbrella = await priceId(db, 'Umbrella + 2 Chairs');
  const mb = (n: number) => unitId(db, 'MB', n);

  clock.set(at(10, 0));
  const A = await ok(await post('staff', 'saveCustomer', buildSale({ unitId: await mb(1), selectedUnit: umbrella })));
  clock.set(at(10, 30));
  const B = await ok(
    await post(
      'staff',
      'saveCustomer',
      buildSale({
        unitId: await mb(2),
        selectedUnit: umbrella,
        paymentMethod: 'Credit Card',
        transactionID: 'sq_fixture_b',
        tipAmount: 5,
      }),
    ),
  );
  clock.set(at(11, 15));
  const C = await ok(
    await post(
      'supervisor',
      'saveCustomer',
      buildSale({
        unitId: await mb(3),
        selectedUnit: await priceId(db, 'Hyatt Guest Umbrella'),
        paymentMethod: 'Room Charge',
        roomChargeHotel: await hotelId(db, 'Hyatt'),
        lastName: 'Miller',
        roomNumber: '412',
        customerName: '',
        orderTotal: '20.00',
        tipAmount: 3,
      }),
    ),
  );
  clock.set(at(11, 45));
  const D = await ok(
    await post(
      'supervisor',
      'saveCustomer',
      buildSale({ unitId: await mb(4), selectedUnit: umbrella, paymentMethod: 'Voucher' }),
    ),
  );
  clock.set(at(12, 10));
  const cartId = crypto.randomUUID();
  const [u5, u6] = [await mb(5), await mb(6)];
  await ok(await post('staff', 'holdUnit', { unitId: u5, cartId }));
  await ok(await post('staff', 'holdUnit', { unitId: u6, cartId }));
  const E = await ok(
    await post('staff', 'saveCustomer', {
      customerData: {
        ...buildSale({ unitId: u5, selectedUnit: umbrella }).customerData,
        cartId,
        orderTotal: '70.00',
        cartUnits: [
          { unitId: u5, selectedUnit: umbrella },
          { unitId: u6, selectedUnit: umbrella },
        ],
      },
    }),
  );
  clock.set(at(13, 0));
  const F = await ok(
    await post(
      'admin',
      'saveCustomer',
      buildSale({
        unitId: await mb(7),
        selectedUnit: umbrella,
        paymentMethod: 'Credit Card',
        transactionID: 'sq_fixture_f',
        tipAmount: 10,
      }),
    ),
  );
  clock.set(at(13, 30));
  const [u1, u8] = [await mb(1), await mb(8)];
  await ok(
    await post('staff', 'moveCustomer', {
      oldUnitData: { unitId: u1, unitDBId: u1, customerId: A.customerIds[0] },
      newUnitData: { unitId: u8, unitDBId: u8 },
    }),
  );
  // The first print is the receipt; the second, at 13:40, is the reprint.
  clock.set(at(13, 35));
  await ok(await post('staff', 'printReceipt', { unitId: await mb(2), reprint: '0' }));
  clock.set(at(13, 40));
  await ok(await post('staff', 'printReceipt', { unitId: await mb(2), reprint: '1' }));
  const ids = { A: A.saleId, B: B.saleId, C: C.saleId, D: D.saleId, E: E.saleId, F: F.saleId } as FixtureIds;
  if (opts.corrections !== false) {
    clock.set(at(14, 0));
    await ok(await post('admin', 'saveTransaction', { price: '30.00', transactionId: ids.A }));
    clock.set(at(14, 5));
    await ok(
      await post('admin', 'deleteTransaction', { deleteId: ids.F, reportTime: TS, reportType: 'allTransactions' }),
    );
  }
  clock.set(at(16, 0));
  return ids;
}
