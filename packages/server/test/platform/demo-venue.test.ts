import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoVenue } from '../../src/demo-venue';
import { readSettings } from '../../src/features/settings/settings.repository';
import { fixedClock } from '../../src/platform/clock';
import { type TestApp, buildTestApp, injectAs, testDialect } from '../helpers';
import { unitId } from '../sales/factories';

// Issue 26, the first five minutes: a newcomer trying the demo at 04:50, 14:30 or 22:00 venue
// time can sell an umbrella and a cabana; the first start puts the venue in the machine's zone.
describe(`the demo venue at any hour on ${testDialect}`, () => {
  let t: TestApp;
  const clock = fixedClock(Date.UTC(2026, 6, 4, 8, 50)); // 04:50 in New York

  beforeAll(async () => {
    t = await buildTestApp({ clock });
  });
  afterAll(async () => t.close());

  it('offers an umbrella and a cabana at every hour of the day', async () => {
    const umbrella = await unitId(t.deps.db, 'MB', 18);
    for (let h = 0; h < 24; h++) {
      const ts = Math.floor(Date.UTC(2026, 6, 4, h + 4, 30) / 1000);
      const res = await injectAs(t.app, 'staff', { method: 'GET', url: `/api/getUnit/${umbrella}/${ts}` });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().equipmentData.equipment.length, `umbrella at ${h}:30`).toBeGreaterThan(0);
    }
    const cat = (await injectAs(t.app, 'staff', { method: 'GET', url: '/api/getSaleCatalogue' })).json();
    const cabanaHours = new Set<number>();
    for (const i of cat.items as { unitType: string; startTime: number; endTime: number; addOn: string }[]) {
      if (i.unitType !== 'C' || i.addOn === '1') continue;
      for (let h = i.startTime; h <= i.endTime; h++) cabanaHours.add(h);
    }
    expect(cabanaHours.size).toBe(24);
  });

  it('lets a guest book Main Beach and the Cabana Deck on the public page, with the day’s prices', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/public/booking/availability' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.locations.map((l: { name: string }) => l.name)).toEqual(['MB', 'CD']);
    const price = (name: string) => body.prices.find((p: { name: string }) => p.name === name);
    expect(price('Umbrella + 2 Chairs')).toMatchObject({
      unitType: 'U',
      price: '35.00',
      addOn: false,
      startHour: 7,
      endHour: 14,
    });
    expect(price('Extra Chair')).toMatchObject({ addOn: true });
    // Hotel rates are listed for that hotel's guests (room and surname asked when booking one), at the hotel rate.
    expect(price('Hyatt Guest Umbrella')).toMatchObject({ price: '20.00', hotelIds: [expect.any(Number)] });
    expect(price('Umbrella + 2 Chairs').hotelIds).toBeUndefined();
    expect(body.hotels.map((h: { name: string }) => h.name)).toEqual(['Hyatt', 'Wyndham']);
  });

  it('names every price in Spanish: the Spanish wizard and a Spanish guest’s confirmation (issue 32)', async () => {
    const cat = (await injectAs(t.app, 'staff', { method: 'GET', url: '/api/getSaleCatalogue' })).json();
    const items = cat.items as { name: string; nameEs: string }[];
    expect(items.length).toBeGreaterThan(10);
    expect(items.filter((i) => !i.nameEs.trim()).map((i) => i.name)).toEqual([]);
    expect(items.find((i) => i.name === 'Umbrella + 2 Chairs (early)')?.nameEs).toBe(
      'Sombrilla + 2 sillas (madrugada)',
    );

    const chair = items.find((i) => i.name === 'Extra Chair') as unknown as { id: number };
    const booked = await t.app.inject({
      method: 'POST',
      url: '/api/public/booking',
      remoteAddress: '203.0.113.32',
      payload: {
        day: '2026-07-05',
        unitIds: [await unitId(t.deps.db, 'MB', 44)],
        guestName: 'Elena Español',
        phone: '305 555 0932',
        partySize: 2,
        acceptPolicy: true,
        languageCode: 'es',
        itemIds: [chair.id],
      },
    });
    expect(booked.statusCode, booked.body).toBe(200);
    const text = await t.deps.db
      .selectFrom('outbox')
      .select('body')
      .where('purpose', '=', 'booking')
      .where('recipient', '=', '+13055550932')
      .executeTakeFirstOrThrow();
    expect(text.body).toContain('extras: Silla extra.');
  });

  it('takes the zone it is given on first start (main.ts gives the machine’s)', async () => {
    const fresh = await buildTestApp({ clock, seed: 'none' });
    try {
      await seedDemoVenue(fresh.deps.db, clock, { timeZone: 'Europe/Madrid' });
      expect((await readSettings(fresh.deps.db)).timeZone).toBe('Europe/Madrid');
    } finally {
      await fresh.close();
    }
  });
});
