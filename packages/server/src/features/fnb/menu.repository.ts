import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';

// SQL of the F&B menu (issue 35): categories, items, their modifier groups and options.

type Db = Kysely<DB> | Transaction<DB>;

export const listCategories = (db: Db) =>
  db.selectFrom('fnb_categories').selectAll().orderBy('sort_order').orderBy('id').execute();

export const listItems = (db: Db) =>
  db.selectFrom('fnb_items').selectAll().orderBy('sort_order').orderBy('id').execute();

export const listGroups = (db: Db, itemIds?: number[]) => {
  let q = db.selectFrom('fnb_modifier_groups').selectAll();
  if (itemIds) {
    if (itemIds.length === 0) return Promise.resolve([]);
    q = q.where('item_id', 'in', itemIds);
  }
  return q.orderBy('sort_order').orderBy('id').execute();
};

export const listOptions = (db: Db, groupIds?: number[]) => {
  let q = db.selectFrom('fnb_modifier_options').selectAll();
  if (groupIds) {
    if (groupIds.length === 0) return Promise.resolve([]);
    q = q.where('group_id', 'in', groupIds);
  }
  return q.orderBy('sort_order').orderBy('id').execute();
};

export const findCategory = (db: Db, id: number) =>
  db.selectFrom('fnb_categories').selectAll().where('id', '=', id).executeTakeFirst();

export const findItem = (db: Db, id: number) =>
  db.selectFrom('fnb_items').selectAll().where('id', '=', id).executeTakeFirst();

export const itemsByIds = (db: Db, ids: number[]) =>
  ids.length ? db.selectFrom('fnb_items').selectAll().where('id', 'in', ids).execute() : Promise.resolve([]);

export const categoriesByIds = (db: Db, ids: number[]) =>
  ids.length ? db.selectFrom('fnb_categories').selectAll().where('id', 'in', ids).execute() : Promise.resolve([]);

export type CategoryRow = Awaited<ReturnType<typeof listCategories>>[number];
export type ItemRow = Awaited<ReturnType<typeof listItems>>[number];
export type GroupRow = Awaited<ReturnType<typeof listGroups>>[number];
export type OptionRow = Awaited<ReturnType<typeof listOptions>>[number];

export async function insertCategory(db: Db, values: Omit<CategoryRow, 'id'>): Promise<number> {
  const r = await db.insertInto('fnb_categories').values(values).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

export async function updateCategory(db: Db, id: number, values: Partial<Omit<CategoryRow, 'id'>>): Promise<boolean> {
  const r = await db.updateTable('fnb_categories').set(values).where('id', '=', id).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function countItemsOf(db: Db, categoryId: number): Promise<number> {
  const r = await db
    .selectFrom('fnb_items')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('category_id', '=', categoryId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export const deleteCategoryRow = (db: Db, id: number) => db.deleteFrom('fnb_categories').where('id', '=', id).execute();

export async function insertItem(db: Db, values: Omit<ItemRow, 'id'>): Promise<number> {
  const r = await db.insertInto('fnb_items').values(values).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

export async function updateItem(db: Db, id: number, values: Partial<Omit<ItemRow, 'id'>>): Promise<boolean> {
  const r = await db.updateTable('fnb_items').set(values).where('id', '=', id).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Has the item ever been ordered? Then it is kept (inactive) for the reports' names. */
export async function itemOrdered(db: Db, itemId: number): Promise<boolean> {
  const r = await db
    .selectFrom('fnb_order_lines')
    .select('id')
    .where('item_id', '=', itemId)
    .limit(1)
    .executeTakeFirst();
  return !!r;
}

/** Removes an item's modifier groups and options (their names live on in the order lines). */
export async function deleteModifiersOf(db: Db, itemId: number, keepGroupIds: number[] = []): Promise<void> {
  const groups = await db.selectFrom('fnb_modifier_groups').select('id').where('item_id', '=', itemId).execute();
  const gone = groups.map((g) => g.id).filter((id) => !keepGroupIds.includes(id));
  if (gone.length === 0) return;
  await db.deleteFrom('fnb_modifier_options').where('group_id', 'in', gone).execute();
  await db.deleteFrom('fnb_modifier_groups').where('id', 'in', gone).execute();
}

export const deleteItemRow = (db: Db, id: number) => db.deleteFrom('fnb_items').where('id', '=', id).execute();

export async function insertGroup(db: Db, values: Omit<GroupRow, 'id'>): Promise<number> {
  const r = await db.insertInto('fnb_modifier_groups').values(values).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

export const updateGroup = (db: Db, id: number, itemId: number, values: Partial<Omit<GroupRow, 'id'>>) =>
  db
    .updateTable('fnb_modifier_groups')
    .set(values)
    .where('id', '=', id)
    .where('item_id', '=', itemId)
    .executeTakeFirst();

export const deleteOptionsExcept = (db: Db, groupId: number, keep: number[]) => {
  let q = db.deleteFrom('fnb_modifier_options').where('group_id', '=', groupId);
  if (keep.length) q = q.where('id', 'not in', keep);
  return q.execute();
};

export async function insertOption(db: Db, values: Omit<OptionRow, 'id'>): Promise<number> {
  const r = await db.insertInto('fnb_modifier_options').values(values).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

export const updateOption = (db: Db, id: number, groupId: number, values: Partial<Omit<OptionRow, 'id'>>) =>
  db
    .updateTable('fnb_modifier_options')
    .set(values)
    .where('id', '=', id)
    .where('group_id', '=', groupId)
    .executeTakeFirst();

export async function setSoldOut(db: Db, itemId: number, soldOut: boolean, now: number): Promise<boolean> {
  const r = await db
    .updateTable('fnb_items')
    .set({ sold_out: soldOut ? 1 : 0, updated_at: now })
    .where('id', '=', itemId)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
