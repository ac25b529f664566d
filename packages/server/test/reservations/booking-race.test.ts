import { publicBookingTexts } from '@sandbar/contract/reservations';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/app';
import { connectPostgres } from '../../src/db/connect';
import { loadEnv } from '../../src/env';
import { fixedClock } from '../../src/platform/clock';
import { writeSettings } from '../../src/features/settings/settings.repository';
import { claimGate } from '../../src/features/reservations/claim-gate';
import { guestLane } from '../../src/platform/write-turns';
import { type TestApp, buildTestApp, injectAs, testDialect } from '../helpers';
import { DAY, MORNING, buildSale, priceId, unitId } from '../sales/factories';

// The opening rush (issue 36): phones and tablets racing for the same unit-days, with single and
// overlapping two-unit bookings, on one instance and — on PostgreSQL — on two instances of one
// database (each instance's claim gate, decision 271, only orders its own phones; the database's
// check-and-set is the judge). Exactly one winner per unit-day, in the answers and in the database.

describe(`the opening rush on ${testDialect}`, () => {
  let t: TestApp;
  let second: FastifyInstance | null = null;
  const clock = fixedClock(MORNING);

  beforeAll(async () => {
    t = await buildTestApp({ clock });
    await writeSettings(t.deps.db, { bookingOnlineLocations: 'MB' });
    if (testDialect === 'postgres') {
      second = await buildApp({
        database: connectPostgres(t.testDb.url!, 4),
        env: loadEnv({ LOG_LEVEL: 'silent', SANDBAR_DEMO: '0' }),
        clock,
        logger: false,
        webDist: null,
      });
      await second.ready();
    }
  });
  afterAll(async () => {
    if (second) {
      await second.close();
      await second.deps.database.close();
    }
    await t.close();
  });

  it('60 phones (some booking two units) and 12 walk-in sales on 6 unit-days: one winner each, in the answers and the database', async () => {
    const units = await Promise.all([51, 52, 53, 54, 55, 56].map((n) => unitId(t.deps.db, 'MB', n)));
    const umbrella = await priceId(t.deps.db, 'Umbrella + 2 Chairs');
    const apps = second ? [t.app, second] : [t.app];
    const attempts = [
      ...Array.from({ length: 60 }, (_, i) => {
        // Every fifth phone books two neighbouring units, so bookings overlap on one of them.
        const mine = i % 5 === 4 ? [units[i % 6]!, units[(i + 1) % 6]!] : [units[i % 6]!];
        return apps[i % apps.length]!.inject({
          method: 'POST',
          url: '/api/public/booking',
          remoteAddress: `203.0.113.${i + 1}`,
          payload: {
            day: DAY,
            unitIds: mine,
            guestName: `Rush Guest ${i}`,
            phone: `305 558 ${String(1000 + i)}`,
            partySize: 2,
            acceptPolicy: true,
          },
        }).then((r) => ({ units: mine, kind: 'booking', r }));
      }),
      ...Array.from({ length: 12 }, (_, i) =>
        injectAs(t.app, 'staff', {
          method: 'POST',
          url: '/api/saveCustomer',
          payload: buildSale({ unitId: units[i % 6]!, selectedUnit: umbrella, customerName: `Walk-in ${i}` }),
        }).then((r) => ({ units: [units[i % 6]!], kind: 'sale', r })),
      ),
    ];
    const results = await Promise.all(attempts);
    for (const x of results.filter((y) => y.r.statusCode !== 200)) {
      expect(x.r.statusCode, x.r.body).toBe(409);
      if (x.kind === 'booking') expect(x.r.json().details).toBe(publicBookingTexts.unitGone);
    }
    for (const u of units) {
      const won = results.filter((x) => x.r.statusCode === 200 && x.units.includes(u));
      expect(
        won.map((x) => x.kind),
        `unit ${u}`,
      ).toHaveLength(1);
      const sold = await t.deps.db
        .selectFrom('sale_items')
        .innerJoin('sales', 'sales.id', 'sale_items.sale_id')
        .select('sale_items.id')
        .where('sale_items.position_id', '=', u)
        .where('sales.day', '=', DAY)
        .execute();
      const claimed = await t.deps.db
        .selectFrom('reservation_units')
        .select('reservation_id')
        .where('position_id', '=', u)
        .where('day', '=', DAY)
        .where('released_at', 'is', null)
        .execute();
      expect(sold.length + claimed.length, `unit ${u}`).toBe(1);
      expect(won[0]!.kind).toBe(sold.length ? 'sale' : 'booking');
    }
    // Nothing is left waiting at the gates.
    for (const app of apps) expect(claimGate(app.deps).size).toBe(0);
  });

  it('phones behind a booking refused on a sold unit are told it is gone without a statement of their own (decision 371)', async () => {
    const unit = await unitId(t.deps.db, 'MB', 57);
    const umbrella = await priceId(t.deps.db, 'Umbrella + 2 Chairs');
    const sale = await injectAs(t.app, 'staff', {
      method: 'POST',
      url: '/api/saveCustomer',
      payload: buildSale({ unitId: unit, selectedUnit: umbrella, customerName: 'Walk-in first' }),
    });
    expect(sale.statusCode, sale.body).toBe(200);
    const limitRows = async () =>
      (
        await sql<{
          n: number;
        }>`SELECT count(*)::int AS n FROM public_limit_hits WHERE limit_name = 'bookingPerIp'`.execute(t.deps.db)
      ).rows[0]!;
    const before = testDialect === 'postgres' ? Number((await limitRows()).n) : 0;
    const phones = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/public/booking',
          remoteAddress: `198.51.100.${i + 1}`,
          payload: {
            day: DAY,
            unitIds: [unit],
            guestName: `Late Guest ${i}`,
            phone: `305 559 ${String(1000 + i)}`,
            partySize: 2,
            acceptPolicy: true,
          },
        }),
      ),
    );
    for (const r of phones) {
      expect(r.statusCode, r.body).toBe(409);
      expect(r.json().details).toBe(publicBookingTexts.unitGone);
    }
    expect(claimGate(t.app.deps).size).toBe(0);
    // PostgreSQL counts limits in the shared table: only the phone that went to the database
    // counted its address (SQLite counts in memory, and its statements run without a turn of
    // the loop between them, so its phones do not meet at the gate).
    if (testDialect === 'postgres') expect(Number((await limitRows()).n) - before).toBe(1);
  });

  it('a guest claiming a unit-day hears a tablet sell it, and is told it is gone without a statement (decision 373)', async () => {
    const unit = await unitId(t.deps.db, 'MB', 58);
    const umbrella = await priceId(t.deps.db, 'Umbrella + 2 Chairs');
    // A guest's claim in flight at the gate, as during the rush: its turn to write has not come.
    const ticket = (await claimGate(t.app.deps).enter([{ positionId: unit, day: DAY, window: 'full' }]))!;
    expect(ticket.soldMeanwhile()).toBe(false);
    const sale = await injectAs(t.app, 'staff', {
      method: 'POST',
      url: '/api/saveCustomer',
      payload: buildSale({ unitId: unit, selectedUnit: umbrella, customerName: 'Walk-in meanwhile' }),
    });
    expect(sale.statusCode, sale.body).toBe(200);
    // This instance's own sale is heard as it commits (on PostgreSQL before NOTIFY comes back).
    expect(ticket.soldMeanwhile()).toBe(true);
    const phone = await t.app.inject({
      method: 'POST',
      url: '/api/public/booking',
      remoteAddress: '198.51.100.77',
      payload: {
        day: DAY,
        unitIds: [unit],
        guestName: 'Behind Guest',
        phone: '305 559 2077',
        partySize: 2,
        acceptPolicy: true,
      },
    });
    expect(phone.statusCode, phone.body).toBe(409);
    expect(phone.json().details).toBe(publicBookingTexts.unitGone);
    ticket.leave(true);
    expect(claimGate(t.app.deps).size).toBe(0);
  });

  it('over the wire, where each booking waits for its turn before Fastify (decision 376): one winner per unit-day', async () => {
    const units = await Promise.all([59, 60].map((n) => unitId(t.deps.db, 'MB', n)));
    // Each booking's turn is asked for by the server, before Fastify's hooks run (not by the route's).
    const lane = guestLane(t.app.deps);
    const turn = lane.turn.bind(lane);
    const askedFrom: string[] = [];
    const spy = vi.spyOn(lane, 'turn').mockImplementation(() => {
      askedFrom.push(new Error().stack ?? '');
      return turn();
    });
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const answers = await Promise.all(
      Array.from({ length: 8 }, async (_, i) => {
        const res = await fetch(`${address}/api/public/booking`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            day: DAY,
            unitIds: [units[i % 2]],
            guestName: `Wire Guest ${i}`,
            phone: `305 559 ${String(3000 + i)}`,
            partySize: 2,
            acceptPolicy: true,
          }),
        });
        return { unit: units[i % 2]!, status: res.status, body: (await res.json()) as { details?: string } };
      }),
    );
    for (const u of units) {
      const mine = answers.filter((a) => a.unit === u);
      expect(
        mine.filter((a) => a.status === 200),
        `unit ${u}`,
      ).toHaveLength(1);
      for (const a of mine.filter((x) => x.status !== 200)) {
        expect(a.status).toBe(409);
        expect(a.body.details).toBe(publicBookingTexts.unitGone);
      }
    }
    expect(claimGate(t.app.deps).size).toBe(0);
    spy.mockRestore();
    expect(askedFrom).toHaveLength(8);
    for (const stack of askedFrom) expect(stack).not.toMatch(/fastify[\\/]lib[\\/]hooks/);
  });
});
