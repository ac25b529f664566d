import type { Kysely } from 'kysely';

// Frozen: the guest's language on a sale (issue 12, decision 122): the language the tablet showed
// when the sale was completed. Receipts (text, e-mail, printed slip, the public page) use it; a
// sale without one (made before this column, or by a client that does not send it) uses the
// venue's language.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sales').addColumn('language_code', 'varchar(5)').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sales').dropColumn('language_code').execute();
}
