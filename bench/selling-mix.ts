/**
 * Selling as staff sell (issue 25, deliver 1): checkouts in the season's proportions
 * (bench/season/seed.ts), each what a tablet sends for it:
 *   - single units 86 in 100; carts of 2 units 70 in 100 of the rest, else 3 or 4 (7 in 50 sales
 *     are carts), each cart unit held first ('Add More Unit(s)': POST /api/holdUnit), then one
 *     POST /api/saveCustomer naming the cart and its units;
 *   - room charges 1 in 5 (to a guest found on the hotel's roster 9 in 10, else to Other with a
 *     name and room); the rest card 4 in 7, cash 2 in 7, voucher 1 in 7; tips on card and room
 *     charges $0/3/5/5/10; an add-on on 12 in 100 units;
 *   - receipts by text 7 in 10, else e-mail (queued in the sale's transaction); 4 slips in 10
 *     printed at the stand (POST /api/printReceipt), one in twenty of those printed again (a
 *     reprint);
 *   - every sale signed with one of the bench's signatures (fixtures.ts).
 * Totals are priced with the contract's computeSaleTotals, as the wizard prices them.
 *
 * A run is a fixed number of checkouts over `connections` tablets (each one request at a time, on
 * its own keep-alive connection), timed from the first request to the last response.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import { centsToMoney } from '@sandbar/contract/common';
import { type CatalogueItem, computeSaleTotals } from '@sandbar/contract/rules/pricing';
import type { Database } from '../packages/server/src/db/connect';
import { catalogue } from '../packages/server/src/features/sales/sales.repository';
import { rng } from './season/signature';

export interface MixVenue {
  unit: CatalogueItem;
  addon: CatalogueItem;
  /** Guests on the hotels' rosters (room charges are charged to one of them). */
  guests: { hotelId: number; room: string; lastName: string }[];
  otherHotelId: number;
}

const rosterNames = 'Smith Johnson Williams Brown Jones Garcia Miller Davis Rodriguez Martinez Wilson Anderson'.split(
  ' ',
);

/**
 * The bench's price list and hotel rosters: an all-day $30 umbrella and $10 chair add-on (so a
 * bench run at any hour sells the same), and 400 roster guests per hotel as the season has them
 * (added where the venue has fewer, as the demo venue has).
 */
export async function prepareMixVenue(db: Database['db'], unitPriceId: number): Promise<MixVenue> {
  const now = Date.now();
  const { id: addonId } = await db
    .insertInto('prices')
    .values({
      name: 'Bench Chair',
      price_cents: 1000,
      retail_rate_cents: 1000,
      hotel_rate_cents: 0,
      add_on: 1,
      sort: 1,
      start_time: 0,
      end_time: 24,
      unit_type: 'U',
      all_hotels: 0,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const hotels = await db.selectFrom('hotels').select(['id', 'is_other']).execute();
  const named = hotels.filter((h) => !h.is_other);
  const rand = rng(25);
  const existing = await db.selectFrom('hotel_guests').select(['hotel_id', 'room', 'guest_name']).execute();
  const seasonRosters = named.every((h) => existing.filter((g) => g.hotel_id === h.id).length >= 400);
  const roster = (seasonRosters ? [] : named).flatMap((h) =>
    Array.from({ length: 400 }, (_, k) => {
      const last = rosterNames[Math.floor(rand() * rosterNames.length)]!;
      return {
        hotel_id: h.id,
        room: String(100 * (2 + Math.floor(k / 40)) + (k % 40) + 1).padStart(4, '0'),
        guest_name: `${last}, Pat`,
        accompanying_guest_name: '',
        additional: 0,
      };
    }),
  );
  for (let i = 0; i < roster.length; i += 500) {
    await db
      .insertInto('hotel_guests')
      .values(roster.slice(i, i + 500))
      .execute();
  }
  const items = await catalogue(db);
  return {
    unit: items.find((i) => i.id === unitPriceId)!,
    addon: items.find((i) => i.id === addonId)!,
    guests: [...existing, ...roster]
      .filter((g) => named.some((h) => h.id === g.hotel_id))
      .map((g) => ({ hotelId: g.hotel_id, room: g.room, lastName: g.guest_name.split(',')[0]!.trim() })),
    otherHotelId: hotels.find((h) => h.is_other)!.id,
  };
}

export interface MixResult {
  checkouts: number;
  sales: number;
  /** Units sold (a cart sells several). */
  units: number;
  holds: number;
  prints: number;
  reprints: number;
  requests: number;
  errors: number;
  seconds: number;
  /** Sales recorded per second. */
  salesPerSecond: number;
  /** Of POST /api/saveCustomer, ms. */
  p50: number;
  p99: number;
  /** The first few error answers, to say what went wrong. */
  errorSamples: string[];
}

const methods = ['Credit Card', 'Credit Card', 'Credit Card', 'Credit Card', 'Cash', 'Cash', 'Voucher'] as const;
const tips = [0, 300, 500, 500, 1000];

/** One checkout as the wizard sends it: the cart's holds, the sale, the slip's prints. */
interface Checkout {
  holds: { unitId: number; cartId: string }[];
  sale: string;
  prints: { unitId: number; reprint: boolean }[];
}

/** The n-th checkout of a run (deterministic by n), taking its units from `takeUnits`. */
export function mixCheckout(
  n: number,
  v: MixVenue,
  takeUnits: (count: number) => number[],
  signatures: string[],
): Checkout {
  const rand = rng(n + 1);
  const size = rand() < 0.86 ? 1 : rand() < 0.7 ? 2 : 3 + Math.floor(rand() * 2);
  const unitIds = takeUnits(size);
  const cartId = size > 1 ? crypto.randomUUID() : null;
  const roomCharge = rand() < 0.2;
  const method = roomCharge ? 'Room Charge' : methods[Math.floor(rand() * methods.length)]!;
  let hotel: { hotelId: number; room: string; lastName: string } | null = null;
  if (roomCharge) {
    hotel =
      rand() < 0.9
        ? v.guests[Math.floor(rand() * v.guests.length)]!
        : { hotelId: v.otherHotelId, room: String(100 + Math.floor(rand() * 900)), lastName: 'Walker' };
  }
  const tipCents = method === 'Credit Card' || method === 'Room Charge' ? tips[Math.floor(rand() * tips.length)]! : 0;
  const lines = unitIds.map((unitId) => ({ unitId, addons: rand() < 0.12 ? [v.addon] : [] }));
  const totals = computeSaleTotals(
    lines.map((l) => ({ positionId: l.unitId, unit: v.unit, addons: l.addons })),
    { hotelGuestOf: null, extraCharge: false, tipCents },
  );
  const email = rand() >= 0.7;
  const print = rand() < 0.4;
  const reprint = print && rand() < 0.05;
  const sale = JSON.stringify({
    customerData: {
      ourTransactionId: crypto.randomUUID(),
      unitId: unitIds[0],
      cartId,
      paymentMethod: method,
      customerName: size > 1 && n % 2 === 0 ? '' : 'Bench Guest',
      roomChargeHotel: hotel?.hotelId,
      lastName: hotel?.lastName ?? '',
      roomNumber: hotel?.room ?? '',
      selectedUnit: v.unit.id,
      selectedAddons: lines[0]!.addons.map((a) => a.id),
      cartUnits:
        size > 1
          ? lines.map((l) => ({ unitId: l.unitId, selectedUnit: v.unit.id, selectedAddons: l.addons.map((a) => a.id) }))
          : [],
      orderTotal: centsToMoney(totals.subtotalCents),
      tipAmount: centsToMoney(totals.tipCents),
      cardTransactionId: method === 'Credit Card' ? `ch_${n}` : undefined,
      voucherNumber: method === 'Voucher' ? `V${100000 + n}` : undefined,
      receiptType: email ? 'email' : 'phone',
      customerPhone: email ? '' : '3055550100',
      customerEmail: email ? 'guest@example.com' : '',
      signature: signatures.length ? signatures[n % signatures.length] : undefined,
    },
  });
  return {
    holds: cartId ? unitIds.map((unitId) => ({ unitId, cartId })) : [],
    sale,
    prints: print
      ? [{ unitId: unitIds[0]!, reprint: false }, ...(reprint ? [{ unitId: unitIds[0]!, reprint: true }] : [])]
      : [],
  };
}

function post(
  agent: http.Agent,
  url: URL,
  token: string,
  path: string,
  body: string,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path,
        method: 'POST',
        agent,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (d: Buffer) => chunks.push(d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }));
      },
    );
    req.on('error', (err) => resolve({ status: 0, text: err.message }));
    req.end(body);
  });
}

/** `checkouts` checkouts over `connections` tablets; `next` numbers them, `takeUnits` gives each its units. */
export async function sellMix(opts: {
  url: string;
  token: string;
  venue: MixVenue;
  signatures: string[];
  checkouts: number;
  connections: number;
  next: () => number;
  takeUnits: (count: number) => number[];
}): Promise<MixResult> {
  const url = new URL(opts.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: opts.connections });
  const r: MixResult = {
    checkouts: 0,
    sales: 0,
    units: 0,
    holds: 0,
    prints: 0,
    reprints: 0,
    requests: 0,
    errors: 0,
    seconds: 0,
    salesPerSecond: 0,
    p50: 0,
    p99: 0,
    errorSamples: [],
  };
  const latencies: number[] = [];
  let left = opts.checkouts;
  const failed = (what: string, res: { status: number; text: string }) => {
    r.errors++;
    if (r.errorSamples.length < 3) r.errorSamples.push(`${what} ${res.status} ${res.text.slice(0, 160)}`);
  };
  const start = performance.now();
  let last = start;
  const tablet = async () => {
    while (left > 0) {
      left--;
      const c = mixCheckout(opts.next(), opts.venue, opts.takeUnits, opts.signatures);
      let held = true;
      for (const h of c.holds) {
        const res = await post(agent, url, opts.token, '/api/holdUnit', JSON.stringify(h));
        r.requests++;
        if (res.status === 200) r.holds++;
        else {
          failed('holdUnit', res);
          held = false;
        }
      }
      if (!held) continue;
      const t0 = performance.now();
      const res = await post(agent, url, opts.token, '/api/saveCustomer', c.sale);
      latencies.push(performance.now() - t0);
      r.requests++;
      if (res.status !== 200) {
        failed('saveCustomer', res);
        continue;
      }
      r.sales++;
      r.checkouts++;
      r.units += Math.max(1, c.holds.length);
      for (const p of c.prints) {
        const pr = await post(agent, url, opts.token, '/api/printReceipt', JSON.stringify(p));
        r.requests++;
        if (pr.status !== 200) failed('printReceipt', pr);
        else if (p.reprint) r.reprints++;
        else r.prints++;
      }
      last = performance.now();
    }
  };
  await Promise.all(Array.from({ length: opts.connections }, tablet));
  agent.destroy();
  latencies.sort((a, b) => a - b);
  r.seconds = Math.max(0.001, (last - start) / 1000);
  r.salesPerSecond = r.sales / r.seconds;
  r.p50 = latencies[Math.floor(latencies.length * 0.5)] ?? 0;
  r.p99 = latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * 0.99))] ?? 0;
  return r;
}
