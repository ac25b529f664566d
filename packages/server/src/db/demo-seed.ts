import type { Kysely } from 'kysely';
import type { DB } from './schema';

export const DEMO_PASSWORD = 'sandbar-demo';

export const demoLogins = [
  { username: 'admin', userType: 'A', note: 'admin: everything' },
  { username: 'supervisor', userType: 'S', note: 'supervisor: lands on the daily log' },
  { username: 'manager', userType: 'M', note: 'manager: lands on the daily log' },
  { username: 'staff', userType: 'U', note: 'staff: first location only' },
  { username: 'owner', userType: 'A', note: 'admin with two-factor; code goes to owner@sandbar.test (see the outbox)' },
] as const;

/** True when the database has no users yet: the only time the demo venue is loaded. */
export async function isEmpty(db: Kysely<DB>): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  return !row;
}

interface LocationSeed {
  name: string;
  fullName: string;
  rows: number;
  perRow: number;
  unit(row: number, position: number): { type: string; number: number };
}

/**
 * The demo venue's tables below the features (DESIGN.md section 9): "Sandbar Beach Club" with
 * three locations, prices, hotels and rosters. The features' own demo rows are added on top by
 * seedDemoVenue (src/demo-venue.ts), which composes them from above.
 */
/**
 * `now` (ms) and the demo password's hash come from the composition root (demo-venue.ts): db/
 * sits below platform/ and imports none of it (issue 36, no arrow back up).
 */
export async function seedDemoBase(db: Kysely<DB>, now: number, passwordHash: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const locations: LocationSeed[] = [
      {
        name: 'MB',
        fullName: 'Main Beach',
        rows: 4,
        perRow: 20,
        unit: (row, pos) => ({ type: 'U', number: (row - 1) * 20 + pos }),
      },
      {
        name: 'CD',
        fullName: 'Cabana Deck',
        rows: 2,
        perRow: 8,
        // Row 1 cabanas, row 2 day beds.
        unit: (row, pos) => (row === 1 ? { type: 'C', number: 100 + pos } : { type: 'B', number: 200 + pos }),
      },
      {
        name: 'PT',
        fullName: 'Pier and Tower',
        rows: 1,
        perRow: 10,
        unit: (_row, pos) => (pos <= 6 ? { type: 'P', number: 300 + pos } : { type: 'T', number: pos - 6 }),
      },
    ];
    const locationIds: number[] = [];
    for (const [i, loc] of locations.entries()) {
      const { id } = await trx
        .insertInto('locations')
        .values({
          name: loc.name,
          full_name: loc.fullName,
          umbrellas: loc.perRow,
          umbrella_rows: loc.rows,
          sort: i + 1,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      locationIds.push(id);
      const positions = [];
      for (let row = 1; row <= loc.rows; row++) {
        for (let position = 1; position <= loc.perRow; position++) {
          const u = loc.unit(row, position);
          positions.push({
            location_id: id,
            row,
            position,
            unit_type: u.type,
            unit_number: u.number,
            umbrella_type: u.type === 'P' || u.type === 'T' ? null : u.type,
            removed: 0,
          });
        }
      }
      await trx.insertInto('positions').values(positions).execute();
    }

    const users = [
      {
        username: 'admin',
        name: 'Alex Admin',
        initials: 'AA',
        user_type: 'A',
        email: 'admin@sandbar.test',
        two_factor: 0,
      },
      {
        username: 'supervisor',
        name: 'Sam Supervisor',
        initials: 'SS',
        user_type: 'S',
        email: 'supervisor@sandbar.test',
        two_factor: 0,
      },
      {
        username: 'manager',
        name: 'Morgan Manager',
        initials: 'MM',
        user_type: 'M',
        email: 'manager@sandbar.test',
        two_factor: 0,
      },
      {
        username: 'staff',
        name: 'Casey Staff',
        initials: 'CS',
        user_type: 'U',
        email: 'staff@sandbar.test',
        two_factor: 0,
      },
      {
        username: 'owner',
        name: 'Olivia Owner',
        initials: 'OO',
        user_type: 'A',
        email: 'owner@sandbar.test',
        two_factor: 1,
      },
    ] as const;
    for (const u of users) {
      const { id } = await trx
        .insertInto('users')
        .values({
          ...u,
          phone: '',
          password_hash: passwordHash,
          language_code: 'en',
          active: 1,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const assigned = u.username === 'staff' ? locationIds.slice(0, 1) : locationIds;
      await trx
        .insertInto('user_locations')
        .values(assigned.map((location_id) => ({ user_id: id, location_id })))
        .execute();
    }

    const hotel = async (h: {
      name: string;
      contact: string;
      email: string;
      range: string;
      vo: number;
      other?: number;
    }) =>
      (
        await trx
          .insertInto('hotels')
          .values({
            name: h.name,
            contact_name: h.contact,
            contact_email: h.email,
            room_range: h.range,
            vacation_owner_rule: h.vo,
            is_other: h.other ?? 0,
            created_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const wyndham = await hotel({
      name: 'Wyndham',
      contact: 'Wendy Front-Desk',
      email: 'frontdesk@wyndham.test, accounts@wyndham.test',
      range: '100-1299',
      vo: 1,
    });
    const hyatt = await hotel({
      name: 'Hyatt',
      contact: 'Henry Concierge',
      email: 'concierge@hyatt.test',
      range: '200-899',
      vo: 0,
    });
    await hotel({ name: 'Other', contact: '', email: '', range: '', vo: 0, other: 1 });

    const guests: [number, string, string, string, number][] = [
      [wyndham, '1204', 'Smith, John', 'Smith, Mary', 0],
      [wyndham, '1271', 'Johnson, Linda', '', 0],
      [wyndham, '0305', 'Garcia, Maria', 'Garcia, Luis', 1],
      [wyndham, '0872', 'Brown, David', '', 0],
      [hyatt, '0412', 'Miller, Susan', 'Miller, Tom', 0],
      [hyatt, '0630', 'Davis, Robert', '', 1],
    ];
    await trx
      .insertInto('hotel_guests')
      .values(
        guests.map(([hotel_id, room, guest_name, accompanying_guest_name, additional]) => ({
          hotel_id,
          room,
          guest_name,
          accompanying_guest_name,
          additional,
        })),
      )
      .execute();

    // Morning and after-2 pm windows (hours; 14:45 counts as 15), add-ons, and hotel items.
    // Every price in Spanish too (issue 32): the Spanish wizard, receipts and the guest's messages.
    const prices: {
      name: string;
      es: string;
      price: number;
      retail?: number;
      hotelRate?: number;
      addOn?: number;
      sort: number;
      start: number;
      end: number;
      type: string;
      hotels?: number[];
    }[] = [
      {
        name: 'Umbrella + 2 Chairs',
        es: 'Sombrilla + 2 sillas',
        price: 3500,
        retail: 3500,
        sort: 1,
        start: 7,
        end: 14,
        type: 'U',
      },
      {
        name: 'Umbrella + 2 Chairs (after 2 pm)',
        es: 'Sombrilla + 2 sillas (desde las 2 p. m.)',
        price: 2500,
        retail: 3500,
        sort: 2,
        start: 15,
        end: 20,
        type: 'U',
      },
      { name: 'Cabana', es: 'Cabaña', price: 15000, retail: 15000, sort: 3, start: 7, end: 14, type: 'C' },
      {
        name: 'Cabana (after 2 pm)',
        es: 'Cabaña (desde las 2 p. m.)',
        price: 10000,
        retail: 15000,
        sort: 4,
        start: 15,
        end: 20,
        type: 'C',
      },
      { name: 'Day Bed', es: 'Cama de playa', price: 4500, retail: 4500, sort: 5, start: 7, end: 20, type: 'B' },
      { name: 'X Chair', es: 'Silla X', price: 2000, retail: 2000, sort: 6, start: 7, end: 20, type: 'X' },
      // The first five minutes (issue 26): a newcomer trying the demo at night can still sell.
      {
        name: 'Umbrella + 2 Chairs (evening)',
        es: 'Sombrilla + 2 sillas (noche)',
        price: 2000,
        retail: 3500,
        sort: 7,
        start: 21,
        end: 23,
        type: 'U',
      },
      {
        name: 'Umbrella + 2 Chairs (early)',
        es: 'Sombrilla + 2 sillas (madrugada)',
        price: 2000,
        retail: 3500,
        sort: 8,
        start: 0,
        end: 6,
        type: 'U',
      },
      {
        name: 'Cabana (evening)',
        es: 'Cabaña (noche)',
        price: 8000,
        retail: 15000,
        sort: 9,
        start: 21,
        end: 23,
        type: 'C',
      },
      {
        name: 'Cabana (early)',
        es: 'Cabaña (madrugada)',
        price: 8000,
        retail: 15000,
        sort: 9,
        start: 0,
        end: 6,
        type: 'C',
      },
      {
        name: 'Extra Chair',
        es: 'Silla extra',
        price: 1000,
        retail: 1000,
        addOn: 1,
        sort: 10,
        start: 7,
        end: 20,
        type: 'U',
      },
      {
        name: 'Beach Towel',
        es: 'Toalla de playa',
        price: 500,
        retail: 500,
        addOn: 1,
        sort: 11,
        start: 7,
        end: 20,
        type: 'U',
      },
      {
        name: 'Cooler with Ice',
        es: 'Nevera con hielo',
        price: 1500,
        retail: 1500,
        addOn: 1,
        sort: 12,
        start: 7,
        end: 20,
        type: 'C',
      },
      {
        name: 'Wyndham Guest Umbrella',
        es: 'Sombrilla para huéspedes del Wyndham',
        price: 3500,
        retail: 3500,
        hotelRate: 0,
        sort: 20,
        start: 7,
        end: 20,
        type: 'U',
        hotels: [wyndham],
      },
      {
        name: 'Hyatt Guest Umbrella',
        es: 'Sombrilla para huéspedes del Hyatt',
        price: 3500,
        retail: 3500,
        hotelRate: 2000,
        sort: 21,
        start: 7,
        end: 20,
        type: 'U',
        hotels: [hyatt],
      },
    ];
    for (const p of prices) {
      const { id } = await trx
        .insertInto('prices')
        .values({
          name: p.name,
          name_es: p.es,
          price_cents: p.price,
          retail_rate_cents: p.retail ?? 0,
          hotel_rate_cents: p.hotelRate ?? 0,
          add_on: p.addOn ?? 0,
          sort: p.sort,
          start_time: p.start,
          end_time: p.end,
          unit_type: p.type,
          all_hotels: 0,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (p.hotels?.length) {
        await trx
          .insertInto('price_hotels')
          .values(p.hotels.map((hotel_id) => ({ price_id: id, hotel_id })))
          .execute();
      }
    }
  });
}
