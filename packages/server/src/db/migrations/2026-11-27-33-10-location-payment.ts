import type { Kysely } from 'kysely';

// Frozen (issue 33 point 3, decision 300): a location may ask its own online payment of a guest's
// booking instead of the venue's rule. '' is "the venue's rule" (Config → Bookings); 'none',
// 'deposit' or 'full' override it. booking_deposit is read only with 'deposit' ('10.00' or '25%').
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('locations')
    .addColumn('booking_payment', 'varchar(10)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('locations')
    .addColumn('booking_deposit', 'varchar(20)', (c) => c.notNull().defaultTo(''))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('locations').dropColumn('booking_deposit').execute();
  await db.schema.alterTable('locations').dropColumn('booking_payment').execute();
}
