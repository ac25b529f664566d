/**
 * A realistic season, written row for row as the app writes it (issue 15): the demo venue plus
 * season locations (SEASON_UNITS umbrellas, 6 rows × 25 each), agents, hotel rosters, and for
 * every day of the season the sales a busy beach club takes — single units and carts, every
 * payment method, hotel rates and room charges, tips, signatures, card transaction ids —
 * with their items, seated and departed customers, unit states and versions, unit logs and notes,
 * holds, moves, printed slips and reprints, voucher numbers, queued-then-sent receipts and cash drop-offs.
 *
 * Rows go in as multi-row inserts with ids assigned here, one transaction per day, so 120 days of
 * 1,200 units (≈240k sales) take minutes, not the hours the HTTP path would. The values are those
 * of the services: totals from the contract's computeSaleTotals, the same summary, log and
 * receipt texts. Each day draws from its own seeded generator, so a day looks the same in any
 * database seeded with the same options (the benchmark's fresh and season venues share today).
 *
 * Library: seedSeason(database, options). Command line: `npm run seed:season` (see seed-cli.ts).
 */
import crypto from 'node:crypto';
import { centsToMoney } from '@sandbar/contract/common';
import {
  type CatalogueItem,
  computeSaleTotals,
  offeredItems,
  padRoom,
  pricedAsHotelGuest,
  pricingHour,
} from '@sandbar/contract/rules/pricing';
import { addDays, businessDay, dayStartMs, venueParts } from '@sandbar/contract/rules/time';
import { absoluteLinks, escapeHtml, fillTemplate } from '@sandbar/contract/settings';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../packages/server/src/db/connect';
import { isEmpty } from '../../packages/server/src/db/demo-seed';
import { seedDemoVenue } from '../../packages/server/src/demo-venue';
import { migrateToLatest } from '../../packages/server/src/db/migrate';
import type { DB } from '../../packages/server/src/db/schema';
import { catalogue } from '../../packages/server/src/features/sales/sales.repository';
import { readSettings } from '../../packages/server/src/features/settings/settings.repository';
import { compactSignature } from '../../packages/server/src/features/sales/signature-png';
import { hashPassword } from '../../packages/server/src/platform/passwords';
import { rng, signaturePool } from './signature';

export interface SeasonOptions {
  /** Days of the season, ending today (today is filled up to the current hour). Default 120. */
  days?: number;
  /** Season umbrellas, in locations of 6 × 25 (the last may be smaller). Default 1,200. */
  units?: number;
  /** Multiplies the sales of every day (1 ≈ 2,000 sales a day for 1,200 units, busier at the peak). Default 1. */
  scale?: number;
  /** "Now": the last day of the season is its business day. Default Date.now(). */
  now?: number;
  /** Password of the agents and of `seasonadmin`. */
  password?: string;
  /** Called after each day. */
  progress?: (done: number, total: number, day: string, sales: number) => void;
}

export interface SeasonSummary {
  days: number;
  firstDay: string;
  today: string;
  units: number;
  locationIds: number[];
  sales: number;
  customers: number;
  adminUsername: string;
  agentUsernames: string[];
}

export const SEASON_PASSWORD = 'sandbar-season';
const ROWS = 6;
const PER_ROW = 25;
/** Distinct signatures of a season. */
const SIGNATURES = 400;
const BASE = 'http://localhost:3000';

const firstNames =
  'James Mary Robert Patricia John Jennifer Michael Linda David Elizabeth William Barbara Richard Susan Joseph Jessica Thomas Sarah Charles Karen Chris Lisa Daniel Nancy Matthew Betty Anthony Sandra Mark Ashley Paul Emily Steven Donna Andrew Michelle Josh Carol Kevin Amanda Brian Melissa George Deborah Tim Stephanie Ed Rebecca Ron Laura Jason Sharon Jeff Cynthia Ryan Kathleen Jacob Amy Gary Angela Nick Helen Eric Anna Jon Brenda Stephen Pamela Larry Nicole Justin Emma Scott Samantha Brandon Katherine Ben Christine Sam Debra Greg Rachel Alex Carolyn Frank Janet Pat Maria Ray Olivia Jack Heather Dennis Diane Jerry Julie Tyler Joyce Aaron Victoria Jose Kelly Adam Christina Nathan Lauren Henry Joan Doug Evelyn Zach Judith Peter Megan Kyle Andrea Noah Cheryl Ethan Hannah Jeremy Jacqueline Walter Martha Christian Gloria Keith Teresa Roger Ann Terry Sara Austin Madison Sean Frances Gerald Kathryn Carl Janice Harold Jean Dylan Abigail Arthur Alice Lawrence Judy Jordan Sophia Jesse Grace Bryan Denise Billy Amber Bruce Doris Gabriel Marilyn Joe Danielle Logan Beverly Albert Isabella Willie Theresa Alan Diana Eugene Natalie Russell Brittany Vincent Charlotte Philip Marie Bobby Kayla Johnny Alexis Bradley Lori'.split(
    ' ',
  );
const lastNames =
  'Smith Johnson Williams Brown Jones Garcia Miller Davis Rodriguez Martinez Hernandez Lopez Gonzalez Wilson Anderson Thomas Taylor Moore Jackson Martin Lee Perez Thompson White Harris Sanchez Clark Ramirez Lewis Robinson Walker Young Allen King Wright Scott Torres Nguyen Hill Flores Green Adams Nelson Baker Hall Rivera Campbell Mitchell Carter Roberts Gomez Phillips Evans Turner Diaz Parker Cruz Edwards Collins Reyes Stewart Morris Morales Murphy Cook Rogers Gutierrez Ortiz Morgan Cooper Peterson Bailey Reed Kelly Howard Ramos Kim Cox Ward Richardson Watson Brooks Chavez Wood James Bennett Gray Mendoza Ruiz Hughes Price Alvarez Castillo Sanders Patel Myers Long Ross Foster Jimenez Powell Jenkins Perry Russell Sullivan Bell Coleman Butler Henderson Barnes Gonzales Fisher Vasquez Simmons Romero Jordan Patterson Alexander Hamilton Graham Reynolds Griffin Wallace Moreno West Cole Hayes Bryant Herrera Gibson Ellis Tran Medina Aguilar Stevens Murray Ford Castro Marshall Owens Harrison Fernandez McDonald Woods Washington Kennedy Wells Vargas Henry Chen Freeman Webb Tucker Guzman Burns Crawford Olson Simpson Porter Hunter Gordon Mendez Silva Shaw Snyder Mason Dixon Munoz Hunt Hicks Holmes Palmer Wagner Black Robertson Boyd Rose Stone Salazar Fox Warren Mills Meyer Rice Schmidt Garza Daniels Ferguson Nichols Stephens Soto Weaver Ryan Gardner Payne Grant Dunn Kelley Spencer Hawkins Arnold Pierce Vazquez Hansen Peters Santos Hart Bradley Knight Elliott Cunningham Duncan Armstrong Hudson Carroll Lane Riley Andrews Alvarado Ray Delgado Berry Perkins Hoffman Johnston Matthews Pena Richards Contreras Willis Carpenter Lawrence Sandoval'.split(
    ' ',
  );
const noteTexts = [
  'Guest asked for a second towel',
  'Umbrella pole loose, reported to maintenance',
  'Regular guest, prefers front row',
  'Left sunglasses, kept at the stand',
  'Birthday party expected this afternoon',
  'Chair broken, replaced',
  'Guest will return after lunch',
  'Wind picked up, umbrella closed at 3 pm',
];

const pick = <T>(rand: () => number, a: readonly T[]): T => a[Math.floor(rand() * a.length)]!;
// Ids that must be unique across the season come from the system's generator, as in the app.
const uuid = () => crypto.randomUUID();
const receiptIdOf = () => crypto.randomBytes(18).toString('base64url');
const daySeed = (day: string) => crypto.createHash('sha256').update(`season:${day}`).digest().subarray(0, 16);

/** Rows buffered per table and written as multi-row inserts (within the variable limits). */
class Batch {
  private rows = new Map<string, Record<string, unknown>[]>();
  add(table: keyof DB, row: Record<string, unknown>): void {
    let list = this.rows.get(table);
    if (!list) this.rows.set(table, (list = []));
    list.push(row);
  }
  async flush(db: Kysely<DB>): Promise<void> {
    for (const [table, list] of this.rows) {
      if (list.length === 0) continue;
      const per = Math.max(1, Math.floor(30_000 / Object.keys(list[0]!).length));
      for (let i = 0; i < list.length; i += per) {
        await db
          .insertInto(table as keyof DB)
          .values(list.slice(i, i + per) as never)
          .execute();
      }
    }
    this.rows.clear();
  }
}

/** The next free id of each table we write with explicit ids. */
async function nextIds(db: Kysely<DB>) {
  const tables = ['sales', 'sale_items', 'unit_customers', 'unit_states', 'unit_logs', 'unit_moves', 'outbox'] as const;
  const out = {} as Record<(typeof tables)[number], number>;
  for (const t of tables) {
    const row = await db
      .selectFrom(t)
      .select((eb) => eb.fn.max('id').as('m'))
      .executeTakeFirst();
    out[t] = Number(row?.m ?? 0) + 1;
  }
  return out;
}

interface Loc {
  id: number;
  name: string;
  positions: { id: number; row: number; position: number; unit_number: number }[];
  agents: { id: number; initials: string; name: string }[];
}

/** Sales of a day relative to an average one: a ramp to a mid-season peak, busier weekends. */
function dayWeight(i: number, days: number, day: string): number {
  const season = 0.55 + 0.65 * Math.sin((Math.PI * (i + 0.5)) / days);
  const dow = new Date(`${day}T12:00:00Z`).getUTCDay();
  return season * (dow === 0 || dow === 6 ? 1.25 : 0.92);
}

/**
 * Seeds the season into an empty database (migrating it first), or adds days to a season venue
 * already there (the same locations and agents are reused).
 */
export async function seedSeason(database: Database, options: SeasonOptions = {}): Promise<SeasonSummary> {
  const db = database.db;
  const days = options.days ?? 120;
  const unitsWanted = options.units ?? 1200;
  const scale = options.scale ?? 1;
  const password = options.password ?? SEASON_PASSWORD;
  const nowMs = options.now ?? Date.now();
  await migrateToLatest(db);
  const clock = { now: () => nowMs - days * 86_400_000 };
  if (await isEmpty(db)) await seedDemoVenue(db, clock);
  const settings = await readSettings(db);
  const tz = settings.timeZone;
  const today = businessDay(nowMs, tz);
  const firstDay = addDays(today, -(days - 1));

  // Venue: season locations, agents (two per location) and a season admin; hotel rosters.
  const locs = await ensureVenue(db, unitsWanted, password, clock.now());
  const items = await catalogue(db);
  const hotels = await db.selectFrom('hotels').select(['id', 'name', 'vacation_owner_rule', 'is_other']).execute();
  const guests = await db.selectFrom('hotel_guests').selectAll().execute();
  // The pad's PNGs (500×200, each drawn apart), compacted once as the tablet compacts each: 400
  // distinct signatures, so a season's signature bytes vary as a venue's do (48 repeated before).
  const sigs = signaturePool(SIGNATURES).map((s) => compactSignature(s)!);
  const ids = await nextIds(db);
  const admin = await db
    .selectFrom('users')
    .select('id')
    .where('username', '=', 'seasonadmin')
    .executeTakeFirstOrThrow();

  let totalSales = 0;
  let totalCustomers = 0;
  const meanSales = 2600 * (locs.reduce((n, l) => n + l.positions.length, 0) / 1200) * scale;
  const weights = Array.from({ length: days }, (_, i) => dayWeight(i, days, addDays(firstDay, i)));
  const meanWeight = weights.reduce((a, b) => a + b, 0) / days;

  for (let i = 0; i < days; i++) {
    const day = addDays(firstDay, i);
    const start = dayStartMs(day, tz);
    // Today stops at the current time, but not before 6 p.m.: seeded before the venue opens, today
    // was an empty board; a seeded today is a full day's selling whatever the hour.
    const until = day === today ? Math.max(nowMs, start + 18 * 3_600_000) : start + 86_400_000;
    const target = Math.round((meanSales * weights[i]!) / meanWeight);
    const batch = new Batch();
    const counts = seedDay({
      day,
      start,
      until,
      target,
      rand: rng(daySeed(day)),
      locs,
      items,
      hotels,
      guests,
      sigs,
      ids,
      batch,
      settings,
      adminId: admin.id,
    });
    await db.transaction().execute((trx) => batch.flush(trx));
    totalSales += counts.sales;
    totalCustomers += counts.customers;
    options.progress?.(i + 1, days, day, counts.sales);
  }
  if (database.dialect === 'postgres') {
    // Ids were given explicitly: move each serial past them.
    for (const t of [
      'sales',
      'sale_items',
      'unit_customers',
      'unit_states',
      'unit_logs',
      'unit_moves',
      'outbox',
      'reprints',
      'dropoffs',
    ]) {
      await sql`select setval(pg_get_serial_sequence(${t}, 'id'), coalesce((select max(id) from ${sql.table(t)}), 0) + 1, false)`.execute(
        db,
      );
    }
    await sql`analyze`.execute(db);
  } else {
    await sql`analyze`.execute(db);
  }
  return {
    days,
    firstDay,
    today,
    units: locs.reduce((n, l) => n + l.positions.length, 0),
    locationIds: locs.map((l) => l.id),
    sales: totalSales,
    customers: totalCustomers,
    adminUsername: 'seasonadmin',
    agentUsernames: locs.flatMap((l) => l.agents.map((a) => `agent${a.initials.slice(1).toLowerCase()}`)),
  };
}

async function ensureVenue(db: Kysely<DB>, unitsWanted: number, password: string, now: number): Promise<Loc[]> {
  const existing = await db.selectFrom('locations').select(['id', 'name']).where('name', 'like', 'S%').execute();
  const seasonLocs = existing.filter((l) => /^S\d+$/.test(l.name));
  if (seasonLocs.length === 0) {
    const hash = await hashPassword(password);
    const count = Math.ceil(unitsWanted / (ROWS * PER_ROW));
    const { id: adminId } = await db
      .insertInto('users')
      .values({
        username: 'seasonadmin',
        name: 'Season Admin',
        initials: 'SA',
        phone: '',
        email: 'season@sandbar.test',
        password_hash: hash,
        user_type: 'A',
        two_factor: 0,
        language_code: 'en',
        active: 1,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    let left = unitsWanted;
    for (let l = 0; l < count; l++) {
      const n = Math.min(left, ROWS * PER_ROW);
      left -= n;
      const rows = Math.ceil(n / PER_ROW);
      const { id: locationId } = await db
        .insertInto('locations')
        .values({
          name: `S${l + 1}`,
          full_name: `Season Beach ${l + 1}`,
          umbrellas: PER_ROW,
          umbrella_rows: rows,
          sort: 100 + l,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const positions = Array.from({ length: n }, (_, k) => ({
        location_id: locationId,
        row: Math.floor(k / PER_ROW) + 1,
        position: (k % PER_ROW) + 1,
        unit_type: 'U',
        unit_number: k + 1,
        umbrella_type: 'U',
        removed: 0,
      }));
      await db.insertInto('positions').values(positions).execute();
      const links = [{ user_id: adminId, location_id: locationId }];
      for (let a = 0; a < 2; a++) {
        const k = l * 2 + a + 1;
        const { id } = await db
          .insertInto('users')
          .values({
            username: `agent${k}`,
            name: `${firstNames[k % firstNames.length]} Agent${k}`,
            initials: `A${k}`,
            phone: '',
            email: '',
            password_hash: hash,
            user_type: 'U',
            two_factor: 0,
            language_code: 'en',
            active: 1,
            created_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        links.push({ user_id: id, location_id: locationId });
      }
      await db.insertInto('user_locations').values(links).execute();
    }
    // Hotel rosters of a season: a few hundred rooms per hotel.
    const hotels = await db.selectFrom('hotels').select(['id', 'is_other']).where('is_other', '=', 0).execute();
    const rand = rng(7);
    const rosters = hotels.flatMap((h) =>
      Array.from({ length: 400 }, (_, k) => {
        const last = pick(rand, lastNames);
        return {
          hotel_id: h.id,
          room: String(100 * (2 + Math.floor(k / 40)) + (k % 40) + 1).padStart(4, '0'),
          guest_name: `${last}, ${pick(rand, firstNames)}`,
          accompanying_guest_name: rand() < 0.5 ? `${last}, ${pick(rand, firstNames)}` : '',
          additional: rand() < 0.1 ? 1 : 0,
        };
      }),
    );
    for (let i = 0; i < rosters.length; i += 1000) {
      await db
        .insertInto('hotel_guests')
        .values(rosters.slice(i, i + 1000))
        .execute();
    }
  }
  const locRows = await db
    .selectFrom('locations')
    .select(['id', 'name'])
    .where('name', 'like', 'S%')
    .orderBy('sort')
    .execute();
  const out: Loc[] = [];
  for (const l of locRows.filter((r) => /^S\d+$/.test(r.name))) {
    const positions = await db
      .selectFrom('positions')
      .select(['id', 'row', 'position', 'unit_number'])
      .where('location_id', '=', l.id)
      .orderBy('id')
      .execute();
    const agents = await db
      .selectFrom('users')
      .innerJoin('user_locations', 'user_locations.user_id', 'users.id')
      .select(['users.id', 'users.initials', 'users.name'])
      .where('user_locations.location_id', '=', l.id)
      .where('users.username', 'like', 'agent%')
      .orderBy('users.id')
      .execute();
    out.push({ id: l.id, name: l.name, positions, agents });
  }
  return out;
}

interface DayInput {
  day: string;
  start: number;
  until: number;
  target: number;
  rand: () => number;
  locs: Loc[];
  items: CatalogueItem[];
  hotels: { id: number; name: string; vacation_owner_rule: number; is_other: number }[];
  guests: { hotel_id: number; room: string; guest_name: string; accompanying_guest_name: string; additional: number }[];
  sigs: Buffer[];
  ids: Record<
    'sales' | 'sale_items' | 'unit_customers' | 'unit_states' | 'unit_logs' | 'unit_moves' | 'outbox',
    number
  >;
  batch: Batch;
  settings: Awaited<ReturnType<typeof readSettings>>;
  /** The season admin, who makes the evening's corrections. */
  adminId: number;
}

interface UnitDay {
  status: number;
  version: number;
  customerId: number | null;
  updatedAt: number;
  updatedBy: number | null;
  /** The customer seated now, if any (id, name, payment method). */
  seated: { id: number; name: string; method: string; index: number } | null;
  sessions: number;
}

// Four selling sessions a day (venue time); the third ends before the 14:45 switch to afternoon prices.
const sessions = [
  { from: 8 * 60, to: 10 * 60 + 30, share: 0.3 },
  { from: 10 * 60 + 30, to: 12 * 60 + 30, share: 0.24 },
  { from: 12 * 60 + 30, to: 14 * 60 + 40, share: 0.2 },
  { from: 15 * 60, to: 17 * 60 + 30, share: 0.26 },
];

function seedDay(d: DayInput): { sales: number; customers: number } {
  const { rand, batch, ids, day } = d;
  const units = new Map<number, UnitDay>();
  const customers: Record<string, unknown>[] = [];
  const logs: { position_id: number; kind: 'log' | 'note'; text: string; user_id: number | null; at: number }[] = [];
  const moves: Record<string, unknown>[] = [];
  const salesByAgent = new Map<number, { cash: number }>();
  const unitOf = (id: number): UnitDay => {
    let u = units.get(id);
    if (!u) {
      u = { status: 0, version: 0, customerId: null, updatedAt: 0, updatedBy: null, seated: null, sessions: 0 };
      units.set(id, u);
    }
    return u;
  };
  const transition = (id: number, status: number, at: number, by: number | null, customerId: number | null) => {
    const u = unitOf(id);
    u.status = status;
    u.version++;
    u.customerId = customerId;
    u.updatedAt = at;
    u.updatedBy = by;
  };
  const label = (loc: Loc, p: Loc['positions'][number]) => `${loc.name} ${p.unit_number}`;
  const nonHotelMethods = ['Credit Card', 'Credit Card', 'Credit Card', 'Credit Card', 'Cash', 'Cash', 'Voucher'];
  let sales = 0;
  const daySales: SaleSeed[] = [];

  for (const [si, session] of sessions.entries()) {
    const sessionSales = Math.round(d.target * session.share);
    // Units free for this session: those nobody sits at now.
    const free = d.locs.map((loc) => {
      const list = loc.positions.filter((p) => !unitOf(p.id).seated && unitOf(p.id).status !== 5);
      for (let k = list.length - 1; k > 0; k--) {
        const j = Math.floor(rand() * (k + 1));
        [list[k], list[j]] = [list[j]!, list[k]!];
      }
      return list;
    });
    const saleTimes = Array.from({ length: sessionSales }, () =>
      Math.round(d.start + (session.from + rand() * (session.to - session.from)) * 60_000),
    ).sort((a, b) => a - b);
    // Before a session the previous one's customers mostly leave (Mark Empty).
    if (si > 0) {
      for (const loc of d.locs) {
        for (const p of loc.positions) {
          const u = unitOf(p.id);
          if (!u.seated || rand() < 0.12) continue;
          const at = Math.round(d.start + (session.from - 20 - rand() * 40) * 60_000);
          if (at >= d.until) continue;
          const agent = pick(rand, loc.agents);
          transition(p.id, 3, at, agent.id, null);
          customers[u.seated.index]!.state = 'left';
          logs.push({
            position_id: p.id,
            kind: 'log',
            text: `Marked empty${u.seated.name ? `: ${u.seated.name} left` : ''} (${agent.name})`,
            user_id: agent.id,
            at,
          });
          u.seated = null;
        }
      }
    }
    for (const now of saleTimes) {
      if (now >= d.until) break;
      const size = rand() < 0.86 ? 1 : rand() < 0.7 ? 2 : 3 + Math.floor(rand() * 2);
      let li = Math.floor(rand() * d.locs.length);
      // A full beach sends the guest to the emptiest one.
      if (free[li]!.length < size) li = free.reduce((best, f, k) => (f.length > free[best]!.length ? k : best), 0);
      if (free[li]!.length < size) continue;
      const loc = d.locs[li]!;
      const chosen = free[li]!.splice(0, size);
      const agent = pick(rand, loc.agents);
      const parts = venueParts(now, d.settings.timeZone);
      const hour = pricingHour(parts.hour, parts.minute);

      // Payment: a fifth are room charges to a hotel guest on the roster (or to Other).
      let method = rand() < 0.2 ? 'Room Charge' : pick(rand, nonHotelMethods);
      let hotel: DayInput['hotels'][number] | null = null;
      let roomNumber = '';
      let lastName = '';
      let extraCharge = false;
      let customerName = `${pick(rand, firstNames)} ${pick(rand, lastNames)}`;
      if (method === 'Room Charge') {
        hotel =
          rand() < 0.1
            ? (d.hotels.find((h) => h.is_other) ?? null)
            : pick(
                rand,
                d.hotels.filter((h) => !h.is_other),
              );
        if (!hotel) method = 'Cash';
        else if (hotel.is_other) {
          lastName = pick(rand, lastNames);
          roomNumber = padRoom(String(100 + Math.floor(rand() * 900)));
        } else {
          const g = pick(
            rand,
            d.guests.filter((x) => x.hotel_id === hotel!.id),
          );
          lastName = g.guest_name.split(',')[0]!.trim();
          roomNumber = g.room;
          extraCharge = g.additional === 1;
        }
        if (hotel) customerName = size > 1 ? '' : rand() < 0.5 ? '' : customerName;
        if (hotel && !customerName) customerName = lastName;
      } else if (size > 1 && rand() < 0.5) {
        customerName = '';
      }
      const hotelGuestOf =
        hotel &&
        pricedAsHotelGuest({
          paymentMethod: method,
          hotel: { id: hotel.id, vacationOwnerRule: hotel.vacation_owner_rule === 1, isOther: hotel.is_other === 1 },
          roomNumber,
        })
          ? hotel.id
          : null;
      const offer = offeredItems(d.items, { unitType: 'U', hour, hotelGuestOf });
      if (offer.equipment.length === 0) continue;
      const lines = chosen.map((p) => ({
        positionId: p.id,
        unit: offer.equipment[0]!,
        addons: offer.addons.filter(() => rand() < 0.12),
      }));
      const tipCents =
        method === 'Credit Card' || method === 'Room Charge' ? [0, 300, 500, 500, 1000][Math.floor(rand() * 5)]! : 0;
      const totals = computeSaleTotals(lines, { hotelGuestOf, extraCharge, tipCents });
      const saleId = ids.sales++;
      const receiptId = receiptIdOf();
      const receiptType = rand() < 0.7 ? 'phone' : 'email';
      const phone = receiptType === 'phone' ? `+1555${String(Math.floor(rand() * 1e7)).padStart(7, '0')}` : '';
      const email =
        receiptType === 'email'
          ? `${(customerName || lastName || 'guest').toLowerCase().replace(/[^a-z]+/g, '.')}${Math.floor(rand() * 100)}@example.com`
          : '';
      const summary = [
        `${method}${hotel ? ` ${hotel.name} room ${roomNumber}` : ''}:`,
        totals.lines
          .map(
            (l, k) =>
              `${label(loc, chosen[k]!)} ${l.items.map((x) => x.item.name).join(' + ')} $${centsToMoney(l.totalCents)}`,
          )
          .join('; '),
        totals.tipCents ? `tip $${centsToMoney(totals.tipCents)}` : '',
        `total $${centsToMoney(totals.totalCents)}`,
      ]
        .filter(Boolean)
        .join(' ');
      // Carts: every unit was held first ('Add More Unit(s)'), a minute or two before paying.
      if (size > 1) {
        for (const p of chosen) {
          const at = Math.round(now - 60_000 - rand() * 60_000);
          transition(p.id, 1, at, agent.id, null);
          logs.push({
            position_id: p.id,
            kind: 'log',
            text: `Held for an order by ${agent.initials}`,
            user_id: agent.id,
            at,
          });
        }
      }
      const saleRow: SaleSeed = {
        id: saleId,
        our_transaction_id: uuid(),
        receipt_id: receiptId,
        day,
        user_id: agent.id,
        location_id: loc.id,
        payment_method: method,
        hotel_id: hotel?.id ?? null,
        room_number: roomNumber,
        last_name: lastName,
        customer_name: customerName,
        manual_entry: 0,
        list_cents: totals.listCents,
        subtotal_cents: totals.subtotalCents,
        addon_cents: totals.addonCents,
        extra_cents: totals.extraCents,
        tip_cents: totals.tipCents,
        total_cents: totals.totalCents,
        retail_cents: totals.retailCents,
        card_transaction_id: method === 'Credit Card' ? `ch_${uuid().replace(/-/g, '').slice(0, 24)}` : null,
        receipt_type: receiptType,
        customer_phone: phone,
        customer_email: email,
        summary,
        notes: rand() < 0.03 ? pick(rand, noteTexts) : '',
        multi: size > 1 ? 1 : 0,
        voucher_number: method === 'Voucher' ? `V${100000 + Math.floor(rand() * 900000)}` : '',
        created_at: Math.round(now),
        deleted_at: null,
        deleted_by: null,
      };
      batch.add('sales', saleRow);
      daySales.push(saleRow);
      // Four slips in ten are printed at the stand; one sale in fifty is printed again (a reprint).
      if (rand() < 0.4) {
        batch.add('receipt_prints', { sale_id: saleId, user_id: agent.id, at: now + 30_000 });
        if (rand() < 0.05) {
          batch.add('receipt_prints', { sale_id: saleId, user_id: agent.id, at: now + 120_000 });
          batch.add('reprints', { sale_id: saleId, user_id: agent.id, at: now + 120_000 });
        }
      }
      // Every sale is signed; the signature is stored apart, compacted as insertSale does.
      batch.add('sale_signatures', { sale_id: saleId, png: d.sigs[Math.floor(rand() * d.sigs.length)]! });
      for (const l of totals.lines) {
        for (const x of l.items) {
          batch.add('sale_items', {
            id: ids.sale_items++,
            sale_id: saleId,
            position_id: l.positionId,
            price_id: x.item.id,
            kind: x.kind,
            name: x.item.name,
            list_cents: x.listCents,
            charged_cents: x.chargedCents,
            retail_cents: x.retailCents,
          });
        }
      }
      const status = method === 'Room Charge' ? 4 : 2;
      for (const [k, p] of chosen.entries()) {
        const line = totals.lines[k]!;
        const customerId = ids.unit_customers++;
        const index = customers.length;
        customers.push({
          id: customerId,
          position_id: p.id,
          day,
          sale_id: saleId,
          customer_name: customerName,
          payment_method: method,
          price_cents: line.totalCents,
          receipt_type: receiptType,
          receipt_phone: phone,
          receipt_email: email,
          state: 'seated',
          created_at: Math.round(now),
          created_by: agent.id,
        });
        transition(p.id, status, now, agent.id, customerId);
        const u = unitOf(p.id);
        u.seated = { id: customerId, name: customerName, method, index };
        u.sessions++;
        logs.push({
          position_id: p.id,
          kind: 'log',
          text: `Sold to ${customerName || 'customer'} (${method}) $${centsToMoney(line.totalCents)} by ${agent.initials}`,
          user_id: agent.id,
          at: now,
        });
      }
      // The receipt, queued in the sale's transaction and sent by the outbox worker soon after.
      const values = {
        venueName: d.settings.venueName,
        receiptUrl: `${BASE}/receipt/${receiptId}`,
        total: `$${centsToMoney(totals.totalCents)}`,
        customerName,
        date: day,
      };
      const sent = Math.round(now + 2_000 + rand() * 3_000);
      const outbox = {
        id: ids.outbox++,
        purpose: 'receipt',
        status: sent < d.until ? 'sent' : 'queued',
        attempts: sent < d.until ? 1 : 0,
        last_error: null,
        next_attempt_at: Math.round(now),
        created_at: Math.round(now),
        sent_at: sent < d.until ? sent : null,
      };
      if (receiptType === 'phone') {
        batch.add('outbox', {
          ...outbox,
          channel: 'sms',
          recipient: phone,
          subject: null,
          body: fillTemplate(d.settings.receiptTextMessage, values),
          html: null,
        });
      } else {
        const html = fillTemplate(d.settings.receiptEmailBody, {
          ...values,
          venueName: escapeHtml(values.venueName),
          customerName: escapeHtml(values.customerName),
          receiptUrl: `<a href="${values.receiptUrl}">${values.receiptUrl}</a>`,
        });
        batch.add('outbox', {
          ...outbox,
          channel: 'email',
          recipient: email,
          subject: fillTemplate(d.settings.receiptEmailSubject, values),
          body: fillTemplate(d.settings.receiptEmailBody, values)
            .replace(/<\/(p|div|h\d)>|<br\s*\/?>/gi, '\n')
            .replace(/<[^>]+>/g, '')
            .replace(/\n{2,}/g, '\n')
            .trim(),
          html: absoluteLinks(html, BASE),
        });
      }
      const agentTotals = salesByAgent.get(agent.id) ?? { cash: 0 };
      if (method === 'Cash') agentTotals.cash += totals.totalCents;
      salesByAgent.set(agent.id, agentTotals);
      sales++;
    }
  }

  // Moves: one in 25 customers still seated at the end of the day went to a unit free at the time
  // (empty, or left by its earlier customers): ≈ 20 moves a day. Moving only the first customer of
  // a unit to a unit nobody used today made it 316 moves in a season.
  for (const loc of d.locs) {
    const unused = loc.positions.filter((p) => {
      const u = unitOf(p.id);
      return !u.seated && (u.status === 0 || u.status === 3);
    });
    for (const p of loc.positions) {
      const u = unitOf(p.id);
      if (!u.seated || unused.length === 0 || rand() >= 0.04) continue;
      const at = Math.round(Math.max(u.updatedAt + 600_000, d.start + 12 * 3_600_000));
      if (at >= d.until) continue;
      const to = unused.pop()!;
      const agent = pick(rand, loc.agents);
      const seated = u.seated;
      const fromStatus = u.status;
      // The unit left behind is empty, or "left" when earlier customers sat there today.
      transition(p.id, u.sessions > 1 ? 3 : 0, at, agent.id, null);
      transition(to.id, fromStatus, at, agent.id, seated.id);
      u.seated = null;
      unitOf(to.id).seated = seated;
      unitOf(to.id).sessions = 1;
      customers[seated.index]!.position_id = to.id;
      moves.push({
        id: ids.unit_moves++,
        day,
        customer_id: seated.id,
        customer_name: seated.name,
        from_position_id: p.id,
        to_position_id: to.id,
        from_label: label(loc, p),
        to_label: label(loc, to),
        user_id: agent.id,
        at,
      });
      const name = seated.name || 'Customer';
      logs.push({
        position_id: p.id,
        kind: 'log',
        text: `${name} moved to ${label(loc, to)} (${agent.name})`,
        user_id: agent.id,
        at,
      });
      logs.push({
        position_id: to.id,
        kind: 'log',
        text: `${name} moved here from ${label(loc, p)} (${agent.name})`,
        user_id: agent.id,
        at,
      });
    }
    // Walk-ins without a sale (Mark Occupied) on a few untouched units, and notes.
    for (const p of loc.positions) {
      const u = unitOf(p.id);
      const at = Math.round(d.start + (9 * 60 + rand() * 420) * 60_000);
      if (at >= d.until) continue;
      if (u.version === 0 && rand() < 0.03) {
        const agent = pick(rand, loc.agents);
        transition(p.id, 5, at, agent.id, null);
        logs.push({ position_id: p.id, kind: 'log', text: `Marked occupied (${agent.name})`, user_id: agent.id, at });
      }
      if (rand() < 0.04) {
        const agent = pick(rand, loc.agents);
        logs.push({ position_id: p.id, kind: 'note', text: pick(rand, noteTexts), user_id: agent.id, at });
      }
    }
  }

  // Sign-ins and sign-outs (the User Log report's audit half): every agent of a location signs in
  // on a tablet before the first session and out after the last, with the session it used; the
  // admin signs in for the evening's corrections. Today's sessions are still open.
  const shifts: { userId: number; from: number; to: number; detail: string }[] = [];
  for (const loc of d.locs) {
    for (const agent of loc.agents) {
      const from = Math.round(d.start + (7 * 60 + 30 + rand() * 40) * 60_000);
      shifts.push({
        userId: agent.id,
        from,
        to: Math.round(d.start + (17 * 60 + 40 + rand() * 50) * 60_000),
        detail: 'app 1.4.2',
      });
      // One in five agents signs out for lunch and back in.
      if (rand() < 0.2) {
        const out = Math.round(d.start + (12 * 60 + rand() * 60) * 60_000);
        shifts[shifts.length - 1]!.to = out;
        shifts.push({
          userId: agent.id,
          from: out + 30 * 60_000,
          to: Math.round(d.start + (17 * 60 + 40 + rand() * 50) * 60_000),
          detail: 'app 1.4.2',
        });
      }
    }
  }
  shifts.push({
    userId: d.adminId,
    from: d.start + 18 * 3_600_000 + 50 * 60_000,
    to: d.start + 20 * 3_600_000,
    detail: 'web',
  });
  for (const s of shifts) {
    if (s.from >= d.until) continue;
    const open = s.to >= d.until;
    batch.add('sessions', {
      token_hash: crypto.createHash('sha256').update(uuid()).digest('hex'),
      user_id: s.userId,
      created_at: s.from,
      last_seen_at: open ? s.from : s.to,
      revoked_at: open ? null : s.to,
      app_version: s.detail === 'web' ? null : s.detail.slice(4),
      ip: `10.0.${s.userId % 250}.${10 + (s.from % 200)}`,
    });
    batch.add('audit_log', { user_id: s.userId, kind: 'signin', detail: s.detail, at: s.from });
    if (!open) batch.add('audit_log', { user_id: s.userId, kind: 'signout', detail: '', at: s.to });
  }

  // Cash drop-offs: each agent who took cash drops it at the stand once or twice a day.
  for (const [userId, t] of salesByAgent) {
    if (t.cash === 0) continue;
    const first = Math.round(t.cash * 0.6);
    const drops = d.until > d.start + 13 * 3_600_000 ? [first, t.cash - first] : [t.cash];
    for (const [k, amount] of drops.entries()) {
      const at = d.start + (k === 0 ? 13 : 18) * 3_600_000;
      if (at >= d.until || amount <= 0) continue;
      batch.add('dropoffs', { user_id: userId, day, amount_cents: amount, notes: k === 0 ? 'Midday drop' : '', at });
    }
  }

  correctDay(d, daySales, customers);
  for (const c of customers) batch.add('unit_customers', c);
  for (const m of moves) batch.add('unit_moves', m);
  for (const l of logs.sort((a, b) => a.at - b.at)) {
    batch.add('unit_logs', { id: ids.unit_logs++, day, ...l, at: Math.round(l.at) });
  }
  for (const [positionId, u] of units) {
    if (u.version === 0) continue;
    batch.add('unit_states', {
      id: ids.unit_states++,
      position_id: positionId,
      day,
      status: u.status,
      version: u.version,
      hold_cart_id: null,
      hold_user_id: null,
      hold_expires_at: null,
      customer_id: u.customerId,
      updated_at: Math.round(u.updatedAt),
      updated_by: u.updatedBy,
    });
  }
  return { sales, customers: customers.length };
}

/** A sale row as written, with the fields the evening's corrections change. */
type SaleSeed = Record<string, unknown> & {
  id: number;
  day: string;
  payment_method: string;
  hotel_id: number | null;
  multi: number;
  subtotal_cents: number;
  tip_cents: number;
  total_cents: number;
  created_at: number;
  deleted_at: number | null;
  deleted_by: number | null;
};

/**
 * The admin's corrections of a day, made in the evening as corrections.service.ts makes them
 * (the sale row changes, the customers' tile amounts follow, a sale_corrections line records
 * who, when, before and after): about 6 sales in 1,000 deleted (one in eight restored later), 4
 * in 1,000 single-unit sales re-priced (a tenth twice), 2 in 100 tips edited (a quarter removed
 * from the tip report) and 1 in 100 single-unit room charges switched to another hotel. Drawn
 * from the day's own second generator, so the day's sales stay what they were without them.
 */
function correctDay(d: DayInput, sales: SaleSeed[], customers: Record<string, unknown>[]): void {
  const rand = rng(daySeed(`${d.day}:corrections`));
  const seatedBy = groupCustomers(customers);
  const by = d.adminId;
  let at = d.start + 19 * 3_600_000 + Math.floor(rand() * 1_800_000);
  const next = () => (at += 20_000 + Math.floor(rand() * 60_000));
  const note = (saleId: number, kind: string, before: unknown, after: unknown) => {
    if (at >= d.until) return false;
    d.batch.add('sale_corrections', {
      sale_id: saleId,
      kind,
      before_value: JSON.stringify(before),
      after_value: JSON.stringify(after),
      user_id: by,
      at,
    });
    return true;
  };
  const otherHotels = d.hotels.filter((h) => !h.is_other);
  for (const s of sales) {
    const r = rand();
    const single = s.multi === 0;
    if (r >= 0.04) continue;
    next();
    if (at >= d.until) return;
    if (r < 0.006) {
      const mine = seatedBy.get(s.id) ?? [];
      const prices = mine.map((c) => c.price_cents);
      note(
        s.id,
        'delete',
        { total: s.total_cents, customers: mine.map((c) => [c.id, c.price_cents]) },
        { deleted: true },
      );
      s.deleted_at = at;
      s.deleted_by = by;
      for (const c of mine) c.price_cents = 0;
      if (rand() < 0.125) {
        next();
        if (!note(s.id, 'restore', { deleted: true }, { deleted: false })) continue;
        s.deleted_at = null;
        s.deleted_by = null;
        for (const [k, c] of mine.entries()) c.price_cents = prices[k]!;
      }
    } else if (r < 0.01 && single) {
      const times = rand() < 0.1 ? 2 : 1;
      for (let k = 0; k < times; k++) {
        const before = s.total_cents - s.tip_cents;
        const cents = Math.max(0, Math.round((before * (0.5 + 0.4 * rand())) / 100) * 100);
        if (k > 0) next();
        if (!note(s.id, 'price', { price: before }, { price: cents })) break;
        s.subtotal_cents = cents;
        s.total_cents = cents + s.tip_cents;
        for (const c of seatedBy.get(s.id) ?? []) c.price_cents = cents;
      }
    } else if (r < 0.03 && s.tip_cents > 0) {
      const removed = rand() < 0.25;
      const tip = removed ? 0 : [200, 300, 500, 700, 1000, 1500][Math.floor(rand() * 6)]!;
      if (tip === s.tip_cents) continue;
      if (!note(s.id, removed ? 'tipDelete' : 'tip', { tip: s.tip_cents }, { tip })) continue;
      s.total_cents = s.total_cents - s.tip_cents + tip;
      s.tip_cents = tip;
    } else if (r < 0.04 && single && s.payment_method === 'Room Charge') {
      const from = d.hotels.find((h) => h.id === s.hotel_id);
      const choices = otherHotels.filter((h) => h.id !== s.hotel_id);
      if (choices.length === 0) continue;
      const to = pick(rand, choices);
      if (!note(s.id, 'switch', { hotelId: s.hotel_id, hotel: from?.name ?? '' }, { hotelId: to.id, hotel: to.name }))
        continue;
      s.hotel_id = to.id;
    }
  }
}

type SeatedSeed = { id: number; price_cents: number };

function groupCustomers(customers: Record<string, unknown>[]): Map<number, SeatedSeed[]> {
  const m = new Map<number, SeatedSeed[]>();
  for (const c of customers) {
    const saleId = c.sale_id as number | null;
    if (saleId == null) continue;
    const list = m.get(saleId) ?? [];
    list.push(c as unknown as SeatedSeed);
    m.set(saleId, list);
  }
  return m;
}

/** Bytes of the database (file with its WAL on SQLite, pg_database_size on PostgreSQL). */
export async function databaseBytes(database: Database): Promise<number> {
  if (database.dialect === 'postgres') {
    const r = await sql<{ n: string }>`select pg_database_size(current_database()) as n`.execute(database.db);
    return Number(r.rows[0]!.n);
  }
  const r = await sql<{
    n: number;
  }>`select page_count * page_size as n from pragma_page_count(), pragma_page_size()`.execute(database.db);
  return Number(r.rows[0]!.n);
}
