import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drawSignature } from '../../../../bench/season/signature';
import { migrateTo, migrateToLatest } from '../../src/db/migrate';
import { signatureOfSale } from '../../src/features/sales/sales.repository';
import { compactSignature } from '../../src/features/sales/signature-png';
import { fixedClock } from '../../src/platform/clock';
import { type TestApp, buildTestApp, createTestDatabase, injectAs, testDialect } from '../helpers';
import { MORNING, buildSale, priceId, unitId } from '../sales/factories';

// Issue 15: a signature is stored apart from its sale, as a 1-bit PNG, and existing ones move.

/** Ink pixels of a PNG we wrote or compacted: decoded through compactSignature's own reader. */
function inkCount(png: Buffer): number {
  // The compacted image is 1-bit grey, filter 0: count the cleared bits.
  const idat = png.subarray(33 + 8, png.length - 12 - 4);
  const raw = zlib.inflateSync(idat);
  const width = png.readUInt32BE(16);
  const rowBytes = Math.ceil(width / 8);
  let n = 0;
  for (let i = 0; i < raw.length; i++) {
    if (i % (rowBytes + 1) === 0) continue;
    for (let b = 0; b < 8; b++) if (!(raw[i]! & (0x80 >> b))) n++;
  }
  return n;
}

const dataUrl = (png: Buffer) => `data:image/png;base64,${png.toString('base64')}`;

describe(`signatures on ${testDialect}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ clock: fixedClock(MORNING) });
  });
  afterAll(async () => t?.close());

  it('compacts the pad PNG to a 1-bit PNG of the same size, at least ten times smaller, ink kept', () => {
    const original = drawSignature(3);
    const compact = compactSignature(dataUrl(original))!;
    expect(compact.subarray(1, 4).toString('ascii')).toBe('PNG');
    expect([compact.readUInt32BE(16), compact.readUInt32BE(20), compact[24], compact[25]]).toEqual([500, 200, 1, 0]);
    expect(compact.length * 10).toBeLessThan(original.length);
    expect(inkCount(compact)).toBeGreaterThan(500);
    // Not a PNG: nothing stored; unreadable PNG data: kept as sent.
    expect(compactSignature('data:image/jpeg;base64,AAAA')).toBeNull();
    expect(compactSignature(null)).toBeNull();
  });

  it('stores a signed sale without the signature in its row, and reads it back where shown', async () => {
    const unit = await unitId(t.deps.db, 'MB', 7);
    const umbrella = await priceId(t.deps.db, 'Umbrella + 2 Chairs');
    const signature = dataUrl(drawSignature(4));
    const res = await injectAs(t.app, 'staff', {
      method: 'POST',
      url: '/api/saveCustomer',
      payload: buildSale({ unitId: unit, selectedUnit: umbrella, signature }),
    });
    expect(res.statusCode).toBe(200);
    const saleId = res.json().saleId as number;
    const row = await t.deps.db.selectFrom('sales').selectAll().where('id', '=', saleId).executeTakeFirstOrThrow();
    expect(Object.keys(row)).not.toContain('signature_png');
    const stored = await signatureOfSale(t.deps.db, saleId);
    expect(stored).toMatch(/^data:image\/png;base64,/);
    expect(stored!.length * 10).toBeLessThan(signature.length);
    // An unsigned sale has none.
    const plain = await injectAs(t.app, 'staff', {
      method: 'POST',
      url: '/api/saveCustomer',
      payload: buildSale({ unitId: await unitId(t.deps.db, 'MB', 8), selectedUnit: umbrella }),
    });
    expect(await signatureOfSale(t.deps.db, plain.json().saleId)).toBeNull();
  });

  it('moves the signatures of existing sales out of the sales table', async () => {
    const testDb = await createTestDatabase();
    try {
      const db = testDb.database.db;
      await migrateTo(db, '2026-11-23-20-01-season-indexes');
      const now = Date.now();
      const user = await db
        .insertInto('users')
        .values({
          username: 'u',
          name: 'U',
          initials: 'U',
          phone: '',
          email: '',
          password_hash: 'x',
          user_type: 'U',
          two_factor: 0,
          language_code: 'en',
          active: 1,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const signature = dataUrl(drawSignature(5));
      for (const [i, sig] of [signature, null].entries()) {
        await db
          .insertInto('sales')
          .values({
            our_transaction_id: `t${i}`,
            receipt_id: `r${i}`,
            day: '2026-07-04',
            user_id: user.id,
            location_id: null,
            payment_method: 'Cash',
            hotel_id: null,
            list_cents: 100,
            subtotal_cents: 100,
            total_cents: 100,
            signature_png: sig,
            created_at: now,
          } as never)
          .execute();
      }
      await migrateToLatest(db);
      const moved = await db.selectFrom('sale_signatures').selectAll().execute();
      expect(moved).toHaveLength(1);
      const first = await db.selectFrom('sales').select('id').where('receipt_id', '=', 'r0').executeTakeFirstOrThrow();
      expect(moved[0]!.sale_id).toBe(first.id);
      expect(Buffer.from(moved[0]!.png).equals(compactSignature(signature)!)).toBe(true);
      expect(Object.keys(await db.selectFrom('sales').selectAll().executeTakeFirstOrThrow())).not.toContain(
        'signature_png',
      );
    } finally {
      await testDb.drop();
    }
  });
});
