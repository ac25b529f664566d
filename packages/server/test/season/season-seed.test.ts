import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayStartMs } from '@sandbar/contract/rules/time';
import { SEASON_PASSWORD, seedSeason, type SeasonSummary } from '../../../../bench/season/seed';
import { buildApp } from '../../src/app';
import { loadEnv } from '../../src/env';
import { fixedClock } from '../../src/platform/clock';
import { type TestDatabase, createTestDatabase, loginAs } from '../helpers';

// `npm run seed:season` writes rows the app itself must read back as its own: a small season
// (3 days, 150 units) goes through the board, the drop-off report and the public receipt.

const NOW = Date.UTC(2026, 6, 15, 19, 0); // 15:00 in New York: the afternoon session has begun.

describe('seed:season', () => {
  let testDb: TestDatabase;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let season: SeasonSummary;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    season = await seedSeason(testDb.database, {
      days: 3,
      units: 150,
      scale: 0.5,
      now: NOW,
      password: SEASON_PASSWORD,
    });
    app = await buildApp({
      database: testDb.database,
      env: loadEnv({ LOG_LEVEL: 'silent', SANDBAR_DEMO: '0' }),
      clock: fixedClock(NOW),
      logger: false,
      webDist: null,
    });
    await app.ready();
    // A season of sales, customers and signatures: most of a minute at the suite's own load (the
    // PostgreSQL run at load 15 timed out at 60 s); the 180 s budget is for the machine, not the code.
  }, 180_000);
  afterAll(async () => {
    await app?.close();
    await testDb?.drop();
  });

  const get = async (user: string, url: string) => {
    const token = await loginAs(app, user, SEASON_PASSWORD);
    return app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  };

  it('writes sales with items, customers and signatures whose totals add up', async () => {
    const db = testDb.database.db;
    expect(season.sales).toBeGreaterThan(300);
    const sales = await db.selectFrom('sales').selectAll().execute();
    expect(sales).toHaveLength(season.sales);
    const items = await db.selectFrom('sale_items').selectAll().execute();
    const customers = await db.selectFrom('unit_customers').selectAll().execute();
    const signed = new Set((await db.selectFrom('sale_signatures').select('sale_id').execute()).map((r) => r.sale_id));
    const methods = new Set(sales.map((s) => s.payment_method));
    expect([...methods].sort()).toEqual(['Cash', 'Credit Card', 'Room Charge', 'Voucher']);
    const corrections = await db.selectFrom('sale_corrections').selectAll().orderBy('id').execute();
    const repriced = new Set(corrections.filter((c) => c.kind === 'price').map((c) => c.sale_id));
    for (const s of sales) {
      const mine = items.filter((i) => i.sale_id === s.id);
      // A price edit changes the sale's price, not its items (corrections.service.ts).
      if (!repriced.has(s.id)) expect(mine.reduce((n, i) => n + i.charged_cents, 0)).toBe(s.subtotal_cents);
      expect(s.total_cents).toBe(s.subtotal_cents + s.tip_cents);
      expect(customers.filter((c) => c.sale_id === s.id)).toHaveLength(mine.filter((i) => i.kind === 'unit').length);
      expect(signed.has(s.id)).toBe(true);
      expect(s.card_transaction_id !== null).toBe(s.payment_method === 'Credit Card');
    }
    expect(sales.some((s) => s.multi === 1)).toBe(true);
    expect(sales.some((s) => s.tip_cents > 0)).toBe(true);
    expect(await db.selectFrom('unit_moves').select('id').execute()).not.toHaveLength(0);
    expect(await db.selectFrom('dropoffs').select('id').execute()).not.toHaveLength(0);
    expect(await db.selectFrom('receipt_prints').select('id').execute()).not.toHaveLength(0);
    expect(sales.filter((s) => s.payment_method === 'Voucher').every((s) => /^V\d{6}$/.test(s.voucher_number))).toBe(
      true,
    );
    expect(await db.selectFrom('unit_logs').select('id').where('kind', '=', 'note').execute()).not.toHaveLength(0);
  });

  it("fills the User Log's audit half: every session with its sign-in, and its sign-out once it ended", async () => {
    const db = testDb.database.db;
    const sessions = await db.selectFrom('sessions').selectAll().execute();
    const audit = await db.selectFrom('audit_log').selectAll().execute();
    // Two agents a day for three days, and the admin in the evenings.
    expect(sessions.length).toBeGreaterThanOrEqual(2 * 3 + 2);
    for (const s of sessions) {
      expect(audit.some((a) => a.kind === 'signin' && a.user_id === s.user_id && a.at === s.created_at)).toBe(true);
      if (s.revoked_at !== null) {
        expect(audit.some((a) => a.kind === 'signout' && a.user_id === s.user_id && a.at === s.revoked_at)).toBe(true);
      }
    }
    // Today's sessions are still open.
    expect(sessions.some((s) => s.revoked_at === null)).toBe(true);
  });

  it('fills today whatever the hour it is seeded at, and draws hundreds of distinct signatures', async () => {
    const db = testDb.database.db;
    const today = await db.selectFrom('sales').select('created_at').where('day', '=', season.today).execute();
    // Seeded at 3 p.m., today still has its last session's sales (till 5:30 p.m.).
    expect(today.some((s) => s.created_at > NOW)).toBe(true);
    const distinct = await db
      .selectFrom('sale_signatures')
      .select((eb) => eb.fn.count('png').distinct().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(distinct.n)).toBeGreaterThan(200);
  });

  it("writes the admin's evening corrections as the app does, the sales agreeing with their history", async () => {
    const db = testDb.database.db;
    const corrections = await db.selectFrom('sale_corrections').selectAll().orderBy('id').execute();
    // A small season has a few dozen (a full one ≈ 5,000): deletes, restores, price and tip edits,
    // tip removals and hotel switches.
    const kinds = new Set(corrections.map((c) => c.kind));
    expect(kinds.size).toBeGreaterThanOrEqual(3);
    for (const k of kinds) expect(['delete', 'restore', 'price', 'tip', 'tipDelete', 'switch']).toContain(k);
    const sales = new Map((await db.selectFrom('sales').selectAll().execute()).map((s) => [s.id, s]));
    const customers = await db.selectFrom('unit_customers').selectAll().execute();
    const last = new Map<string, (typeof corrections)[number]>();
    for (const c of corrections) {
      const s = sales.get(c.sale_id)!;
      expect(c.at).toBeGreaterThan(s.created_at);
      expect(c.at).toBeLessThanOrEqual(NOW);
      last.set(`${c.sale_id}:${c.kind === 'restore' ? 'delete' : c.kind === 'tipDelete' ? 'tip' : c.kind}`, c);
    }
    for (const [key, c] of last) {
      const s = sales.get(c.sale_id)!;
      const after = JSON.parse(c.after_value) as Record<string, unknown>;
      const seated = customers.filter((u) => u.sale_id === s.id);
      if (key.endsWith(':delete')) {
        expect(s.deleted_at != null).toBe(c.kind === 'delete');
        if (c.kind === 'delete') expect(seated.every((u) => u.price_cents === 0)).toBe(true);
      } else if (key.endsWith(':price')) {
        expect(s.total_cents - s.tip_cents).toBe(after.price);
        expect(seated.map((u) => u.price_cents)).toEqual([after.price]);
      } else if (key.endsWith(':tip')) {
        expect(s.tip_cents).toBe(after.tip);
      } else {
        expect(s.hotel_id).toBe(after.hotelId);
        expect(s.payment_method).toBe('Room Charge');
      }
    }
  });

  it("shows a past day's board exactly as its unit states and customers say", async () => {
    const day = season.firstDay;
    const ts = Math.floor(dayStartMs(day, 'America/New_York') / 1000) + 3600;
    const res = await get('seasonadmin', `/api/getUnits/${ts}`);
    expect(res.statusCode).toBe(200);
    const units = res.json().locations.flatMap((l: { units: unknown[][] }) => l.units.flat()) as {
      id: number;
      unitStatus: number;
      version: number;
      customers: { state: string; saleId: number | null }[];
    }[];
    const states = await testDb.database.db.selectFrom('unit_states').selectAll().where('day', '=', day).execute();
    expect(states.length).toBeGreaterThan(100);
    for (const st of states) {
      const u = units.find((x) => x.id === st.position_id)!;
      expect(u.unitStatus).toBe(st.status);
      expect(u.version).toBe(st.version);
      if (st.status === 2 || st.status === 4)
        expect(u.customers.some((c) => c.state === 'seated' && c.saleId)).toBe(true);
      if (st.status === 3) expect(u.customers.every((c) => c.state === 'left')).toBe(true);
    }
  });

  it("gives an agent today's drop-off report and each sale its public receipt", async () => {
    const res = await get('agent1', '/api/getDropoffReport');
    expect(res.statusCode).toBe(200);
    const report = res.json();
    const db = testDb.database.db;
    const agent = await db.selectFrom('users').select('id').where('username', '=', 'agent1').executeTakeFirstOrThrow();
    const mine = await db
      .selectFrom('unit_customers')
      .innerJoin('sales', 'sales.id', 'unit_customers.sale_id')
      .select('unit_customers.id')
      .where('sales.user_id', '=', agent.id)
      .where('sales.day', '=', season.today)
      .execute();
    expect(mine.length).toBeGreaterThan(0);
    expect(report.customers).toHaveLength(mine.length);

    const sale = await db.selectFrom('sales').select(['receipt_id', 'total_cents']).limit(1).executeTakeFirstOrThrow();
    const receipt = await app.inject({ method: 'GET', url: `/api/getReceipt/${sale.receipt_id}` });
    expect(receipt.statusCode).toBe(200);
    expect(Math.round(Number(receipt.json().orderInfo.Total) * 100)).toBe(sale.total_cents);
  });
});
