/**
 * The price list, hotel links and settings a sale is priced by are kept between sales with their
 * catalogue version (decision 253). Any change of those tables, whoever makes it (here plain SQL,
 * as a script, another instance or a hand fix would), counts on the very next sale.
 */
import { saleTexts } from '@sandbar/contract/sales';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/platform/clock';
import { type TestApp, buildTestApp, injectAs, testDialect } from '../helpers';
import { MORNING, buildSale, priceId, unitId } from './factories';

describe(`the catalogue a sale is priced by, on ${testDialect}`, () => {
  let t: TestApp;
  let umbrella: number;
  let n = 1;
  const clock = fixedClock(MORNING);
  const sell = async (o: { orderTotal: string; selectedUnit?: number }) =>
    injectAs(t.app, 'staff', {
      method: 'POST',
      url: '/api/saveCustomer',
      payload: buildSale({ unitId: await unitId(t.deps.db, 'MB', n++), selectedUnit: umbrella, ...o }),
    });
  const version = async () =>
    Number(
      (
        await t.deps.db
          .selectFrom('catalogue_version' as never)
          .select('version' as never)
          .executeTakeFirstOrThrow()
      ).version,
    );

  beforeAll(async () => {
    t = await buildTestApp({ clock });
    umbrella = await priceId(t.deps.db, 'Umbrella + 2 Chairs');
  });
  afterAll(async () => t.close());

  it('a price changed behind the app counts on the next sale', async () => {
    expect((await sell({ orderTotal: '35.00' })).statusCode).toBe(200);
    expect((await sell({ orderTotal: '35.00' })).statusCode).toBe(200);
    const before = await version();
    await t.deps.db.updateTable('prices').set({ price_cents: 4000 }).where('id', '=', umbrella).execute();
    expect(await version()).toBeGreaterThan(before);
    const old = await sell({ orderTotal: '35.00' });
    expect(old.statusCode).toBe(400);
    expect(old.json().details).toBe(saleTexts.wrongTotal('40.00'));
    expect((await sell({ orderTotal: '40.00' })).statusCode).toBe(200);
    await t.deps.db.updateTable('prices').set({ price_cents: 3500 }).where('id', '=', umbrella).execute();
    expect((await sell({ orderTotal: '35.00' })).statusCode).toBe(200);
  });

  it('a price added, a price removed and a changed setting count on the next sale', async () => {
    const add = async (name: string) =>
      (
        await t.deps.db
          .insertInto('prices')
          .values({
            name,
            price_cents: 1234,
            retail_rate_cents: 1234,
            hotel_rate_cents: 0,
            add_on: 0,
            sort: 99,
            start_time: 0,
            end_time: 24,
            unit_type: 'U',
            all_hotels: 0,
            created_at: MORNING,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const sold = await add('Catalogue Cache Umbrella');
    const never = await add('Catalogue Cache Parasol');
    expect((await sell({ orderTotal: '12.34', selectedUnit: sold })).statusCode).toBe(200);
    // The sale above read the list with both in it; the next one must not find the one removed.
    await t.deps.db.deleteFrom('prices').where('id', '=', never).execute();
    const gone = await sell({ orderTotal: '12.34', selectedUnit: never });
    expect(gone.statusCode).toBe(400);
    expect(gone.json().details).toBe(saleTexts.unknownItem);

    // The venue's receipt text is a setting: the next sale's queued text says the new one.
    await t.deps.db
      .insertInto('settings')
      .values({ key: 'receiptTextMessage', value: 'Cached? {total}' })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: 'Cached? {total}' }))
      .execute();
    const s = await sell({ orderTotal: '35.00' });
    expect(s.statusCode, s.body).toBe(200);
    const text = await t.deps.db
      .selectFrom('outbox')
      .select('body')
      .where('purpose', '=', 'receipt')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(text.body).toBe('Cached? $35.00');
  });

  // PostgreSQL: the version row is locked by whichever writer comes first. Taken after the change
  // (AFTER triggers), an editor holding one price and waiting for the version could hold up another
  // editor that holds the version and wants that price: a deadlock, and one edit refused.
  it.runIf(testDialect === 'postgres')('two edits of crossing prices wait for each other and both land', async () => {
    const ids = (await t.deps.db.selectFrom('prices').select('id').orderBy('id').limit(2).execute()).map((r) => r.id);
    expect(ids).toHaveLength(2);
    const [x, y] = ids as [number, number];
    let firstDone!: () => void;
    const firstWrote = new Promise<void>((r) => (firstDone = r));
    const one = t.deps.db.transaction().execute(async (trx) => {
      await trx.updateTable('prices').set({ sort: 7 }).where('id', '=', x).execute();
      firstDone();
      // Long enough for the second edit to be waiting on whatever it waits on.
      await new Promise((r) => setTimeout(r, 300));
      await trx.updateTable('prices').set({ sort: 7 }).where('id', '=', y).execute();
    });
    await firstWrote;
    const two = t.deps.db.transaction().execute(async (trx) => {
      await trx.updateTable('prices').set({ sort: 8 }).where('id', '=', y).execute();
    });
    const outcomes = await Promise.allSettled([one, two]);
    expect(outcomes.map((o) => (o.status === 'rejected' ? String((o.reason as { code?: string }).code) : 'ok'))).toEqual([
      'ok',
      'ok',
    ]);
  });
});
