import type { Kysely } from 'kysely';
import type { DB, SaleAttentionTable } from '../../db/schema';
import type { Insertable } from 'kysely';

// SQL of "Needs attention" (issue 13): offline sales whose unit was sold meanwhile.

export async function insertAttention(db: Kysely<DB>, row: Insertable<SaleAttentionTable>): Promise<number> {
  const r = await db.insertInto('sale_attention').values(row).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

export async function markCustomerUnseated(db: Kysely<DB>, customerId: number): Promise<void> {
  await db.updateTable('unit_customers').set({ state: 'unseated' }).where('id', '=', customerId).execute();
}

/** Open items of these locations, oldest first, with the initials of who took the sale. */
export async function openAttention(db: Kysely<DB>, locationIds: number[]) {
  if (locationIds.length === 0) return [];
  return db
    .selectFrom('sale_attention')
    .leftJoin('users', 'users.id', 'sale_attention.taken_by')
    .selectAll('sale_attention')
    .select('users.initials')
    .where('sale_attention.location_id', 'in', locationIds)
    .where('sale_attention.resolved_at', 'is', null)
    .orderBy('sale_attention.taken_at')
    .orderBy('sale_attention.id')
    .execute();
}

export async function findAttention(db: Kysely<DB>, id: number) {
  return db.selectFrom('sale_attention').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Resolves an open item; false when somebody resolved it first. */
export async function resolveAttention(
  db: Kysely<DB>,
  id: number,
  by: { userId: number; at: number; positionId: number },
): Promise<boolean> {
  const r = await db
    .updateTable('sale_attention')
    .set({ resolved_at: by.at, resolved_by: by.userId, resolved_position_id: by.positionId })
    .where('id', '=', id)
    .where('resolved_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
