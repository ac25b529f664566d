import type { Kysely } from 'kysely';
// Its own frozen copy of the compactor (frozen/sale-signatures-png.ts), not the live feature code.
import { compactSignature } from './frozen/sale-signatures-png';
import { isPostgres } from '../migration-helpers';

// Frozen: signatures leave the sales row (issue 15). As base64 RGBA PNGs they were 91–95 % of a
// season's database (≈19 KB a sale) and every scan of `sales` dragged them through the cache.
// Each now lives in sale_signatures as a 1-bit PNG (≈1 KB), read only where one is shown.
// Existing signatures are moved in batches, then the column is dropped.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sale_signatures')
    .addColumn('sale_id', 'integer', (c) => c.primaryKey().references('sales.id'))
    .addColumn('png', isPostgres(db) ? 'bytea' : 'blob', (c) => c.notNull())
    .execute();

  let after = 0;
  for (;;) {
    const rows: { id: number; signature_png: string | null }[] = await db
      .selectFrom('sales')
      .select(['id', 'signature_png'])
      .where('id', '>', after)
      .where('signature_png', 'is not', null)
      .orderBy('id')
      .limit(500)
      .execute();
    if (rows.length === 0) break;
    after = rows[rows.length - 1]!.id;
    const values = rows.flatMap((r) => {
      const png = compactSignature(r.signature_png);
      return png ? [{ sale_id: r.id, png }] : [];
    });
    if (values.length) await db.insertInto('sale_signatures').values(values).execute();
  }
  await db.schema.alterTable('sales').dropColumn('signature_png').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sales').addColumn('signature_png', 'text').execute();
  await db.schema.dropTable('sale_signatures').execute();
}
