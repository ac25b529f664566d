import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../src/db/schema';
import { saveHotelPms } from '../../src/features/pms/pms.service';
import type { AppDeps } from '../../src/platform/deps';
import type { MewsFake } from '../fixtures/mews/mews-fake';
import type { OhipFake } from '../fixtures/ohip/ohip-fake';

// Test data of the PMS tests (issue 34): the demo venue's Hyatt connected to the Mews fake and its
// Wyndham to the OHIP fake, and room-charge sales to them written as the sale statement writes them.

export interface PmsVenue {
  hotels: Record<string, number>;
  userId: number;
}

export async function connectPmsHotels(deps: AppDeps, mews: MewsFake, ohip: OhipFake): Promise<PmsVenue> {
  const hotels: Record<string, number> = {};
  for (const h of await deps.db.selectFrom('hotels').select(['id', 'name']).execute()) hotels[h.name] = h.id;
  const userId = (await deps.db.selectFrom('users').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
  await saveHotelPms(deps, {
    hotelId: hotels.Hyatt!,
    kind: 'mews',
    endpoint: mews.url,
    propertyCode: mews.serviceId,
    currency: 'USD',
    credentials: { clientToken: mews.clientToken, accessToken: mews.accessToken },
    mapping: { umbrella: 'ac-umbrella', cabana: 'ac-cabana', addon: 'ac-addon', fnb: 'ac-fnb', tip: 'ac-tip' },
  });
  await saveHotelPms(deps, {
    hotelId: hotels.Wyndham!,
    kind: 'opera',
    endpoint: ohip.url,
    propertyCode: ohip.hotelId,
    currency: 'USD',
    credentials: { clientId: 'c', clientSecret: 's', appKey: 'k', enterpriseId: 'E' },
    mapping: { umbrella: '2010', cabana: '2020', addon: '2030', fnb: '2040', tip: '2090' },
  });
  return { hotels, userId };
}

const SURNAMES = ['Smith', 'García', 'Johnson', 'Müller', "O'Brien", 'Nguyen', 'Rossi', 'Dubois', 'Kowalski', 'Silva'];

/**
 * Checks guests into both hotels: `rooms` rooms (floors 1–10, the demo guests kept), one guest
 * each, the same rooms and surnames in the Mews and the OPERA hotel. Returns them.
 */
export function fillHotels(mews: MewsFake, ohip: OhipFake, rooms: number): Array<{ room: string; lastName: string }> {
  const out = [
    { room: '305', lastName: 'Smith' },
    { room: '1210', lastName: 'García' },
  ];
  for (let k = 0; out.length < rooms; k++) {
    const room = String(100 * (1 + (k % 10)) + 1 + Math.floor(k / 10));
    if (out.some((g) => g.room === room)) continue;
    const lastName = SURNAMES[k % SURNAMES.length]!;
    mews.addGuest({ room, firstName: 'Guest', lastName });
    ohip.addReservation({ room, givenName: 'Guest', surname: lastName });
    out.push({ room, lastName });
  }
  return out;
}

/** A room-charge sale of one umbrella (and a tip), for Ana Smith in room 305 (as '0305' or '305'). */
export async function addRoomChargeSale(
  db: Kysely<DB>,
  v: PmsVenue,
  o: { hotelId: number; cents: number; tip: number; at: number; day: string; room?: string; lastName?: string },
): Promise<{ id: number; cents: number }> {
  const s = await db
    .insertInto('sales')
    .values({
      our_transaction_id: crypto.randomUUID(),
      receipt_id: crypto.randomUUID(),
      day: o.day,
      user_id: v.userId,
      location_id: null,
      payment_method: 'Room Charge',
      hotel_id: o.hotelId,
      room_number: o.room ?? '305',
      last_name: o.lastName ?? 'Smith',
      customer_name: 'Ana Smith',
      manual_entry: 0,
      list_cents: o.cents,
      subtotal_cents: o.cents,
      addon_cents: 0,
      extra_cents: 0,
      tip_cents: o.tip,
      total_cents: o.cents + o.tip,
      retail_cents: o.cents,
      card_transaction_id: null,
      receipt_type: 'none',
      customer_phone: '',
      customer_email: '',
      summary: '',
      notes: '',
      multi: 0,
      language_code: null,
      created_at: o.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('sale_items')
    .values({
      sale_id: s.id,
      position_id: null,
      price_id: null,
      kind: 'unit',
      name: `Umbrella ${s.id}`,
      list_cents: o.cents,
      charged_cents: o.cents,
      retail_cents: o.cents,
    })
    .execute();
  return { id: s.id, cents: o.cents + o.tip };
}

/** What the fakes hold, net, in cents: per Sandbar sale (from the key `sb-<uuid>-…`) and in all. */
export function pmsHeld(mews: MewsFake, ohip: OhipFake) {
  const byKey = new Map<string, number>();
  const add = (key: string, cents: number) => byKey.set(key, (byKey.get(key) ?? 0) + cents);
  for (const i of mews.items) add(i.ExternalIdentifier.replace(/\.\d+$/, ''), Math.round(i.Amount * 100));
  for (const p of ohip.postings) add(p.reference, Math.round(p.amount * 100));
  let total = 0;
  for (const v of byKey.values()) total += v;
  /** How many requests posted each posting key (more than one would be a posting made twice). */
  const times = new Map<string, number>();
  for (const i of mews.items.filter((x) => x.ExternalIdentifier.endsWith('.1')))
    times.set(i.ExternalIdentifier, (times.get(i.ExternalIdentifier) ?? 0) + 1);
  const operaRequests = new Map<string, Set<number>>();
  for (const p of ohip.postings) {
    if (!operaRequests.has(p.reference)) operaRequests.set(p.reference, new Set());
    operaRequests.get(p.reference)!.add(p.request);
  }
  for (const [k, r] of operaRequests) times.set(k, r.size);
  return { byKey, total, times };
}
