import {
  type FnbCategory,
  type FnbItem,
  type FnbMenu,
  type SaveFnbCategoryBody,
  type SaveFnbItemBody,
  fnbEvents,
} from '@sandbar/contract/fnb';
import { type FnbAllergen, type FnbTexts, fnbAllergens, fnbTexts } from '@sandbar/contract/fnb-texts';
import type { z } from 'zod';
import type { SaveFnbCategoryBody as CategorySchema, SaveFnbItemBody as ItemSchema } from '@sandbar/contract/fnb';
import type { AppDeps, SessionUser } from '../../platform/deps';
import { conflict, notFound } from '../../platform/errors';
import { readSettings } from '../settings/settings.repository';
import { venueDay, venueMinute } from '../sales/sale-units';
import * as repo from './menu.repository';

// The F&B menu (issue 35 point 1): what admins edit, what guests and staff order from, and the
// rule of what may be ordered now (active, not 86'd, within its serving hours).

const en = fnbTexts.en;

/** The item's serving hours: its own, else its category's, else all day (null). */
export function servingHours(
  item: Pick<repo.ItemRow, 'start_hour' | 'end_hour'>,
  category: Pick<repo.CategoryRow, 'start_hour' | 'end_hour'> | undefined,
): { start: number; end: number } | null {
  if (item.start_hour != null && item.end_hour != null) return { start: item.start_hour, end: item.end_hour };
  if (category && category.start_hour != null && category.end_hour != null)
    return { start: category.start_hour, end: category.end_hour };
  return null;
}

/** Served at this venue hour? Hours run [start, end): "11 to 16" serves 11:00 to 15:59. */
export function servedAt(hours: { start: number; end: number } | null, hour: number): boolean {
  return !hours || (hour >= hours.start && hour < hours.end);
}

/** Why an item cannot be ordered now (in the given language), or null. */
export function refusalOf(
  item: repo.ItemRow | undefined,
  category: repo.CategoryRow | undefined,
  hour: number,
  texts: FnbTexts,
  lang: 'en' | 'es',
): string | null {
  if (!item || !item.active || !category || !category.active) return texts.errors.itemUnknown;
  const name = lang === 'es' && item.name_es ? item.name_es : item.name;
  if (item.sold_out) return texts.errors.itemSoldOut(name);
  if (!servedAt(servingHours(item, category), hour)) return texts.errors.itemNotNow(name);
  return null;
}

const allergensOf = (csv: string): FnbAllergen[] =>
  csv.split(',').filter((a): a is FnbAllergen => (fnbAllergens as readonly string[]).includes(a));

export interface MenuSnapshot {
  categories: repo.CategoryRow[];
  items: repo.ItemRow[];
  groups: repo.GroupRow[];
  options: repo.OptionRow[];
}

export async function readMenu(db: AppDeps['db']): Promise<MenuSnapshot> {
  const [categories, items, groups, options] = await Promise.all([
    repo.listCategories(db),
    repo.listItems(db),
    repo.listGroups(db),
    repo.listOptions(db),
  ]);
  return { categories, items, groups, options };
}

function categoryOut(c: repo.CategoryRow): FnbCategory {
  return {
    id: c.id,
    name: c.name,
    nameEs: c.name_es,
    startHour: c.start_hour,
    endHour: c.end_hour,
    sortOrder: c.sort_order,
    active: !!c.active,
  };
}

export function itemOut(i: repo.ItemRow, m: Pick<MenuSnapshot, 'groups' | 'options'>): FnbItem {
  return {
    id: i.id,
    categoryId: i.category_id,
    name: i.name,
    nameEs: i.name_es,
    description: i.description,
    descriptionEs: i.description_es,
    priceCents: i.price_cents,
    photoUrl: i.photo_url,
    allergens: allergensOf(i.allergens),
    station: i.station,
    soldOut: !!i.sold_out,
    startHour: i.start_hour,
    endHour: i.end_hour,
    sortOrder: i.sort_order,
    active: !!i.active,
    modifierGroups: m.groups
      .filter((g) => g.item_id === i.id)
      .map((g) => ({
        id: g.id,
        name: g.name,
        nameEs: g.name_es,
        minChoices: g.min_choices,
        maxChoices: g.max_choices,
        options: m.options
          .filter((o) => o.group_id === g.id)
          .map((o) => ({ id: o.id, name: o.name, nameEs: o.name_es, priceDeltaCents: o.price_delta_cents })),
      })),
  };
}

/** The menu as it goes out: every row for admins, active ones for guests and order takers. */
export async function menuOut(deps: AppDeps, opts: { activeOnly: boolean }): Promise<FnbMenu> {
  const [m, settings] = await Promise.all([readMenu(deps.db), readSettings(deps.db)]);
  const activeCats = new Set(m.categories.filter((c) => c.active).map((c) => c.id));
  const categories = opts.activeOnly ? m.categories.filter((c) => c.active) : m.categories;
  const items = opts.activeOnly ? m.items.filter((i) => i.active && activeCats.has(i.category_id)) : m.items;
  return {
    categories: categories.map(categoryOut),
    items: items.map((i) => itemOut(i, m)),
    hourNow: venueMinute(deps.clock.now(), settings.timeZone).hour,
    currency: settings.paymentCurrency || 'USD',
  };
}

/** Tells every screen showing the menu to read it again (the 86 switch, an edit). */
export async function publishMenu(deps: AppDeps): Promise<void> {
  const { timeZone } = await readSettings(deps.db);
  await deps.events.publish({ type: fnbEvents.menu, day: venueDay(deps.clock.now(), timeZone), unitIds: [] });
}

type CategoryIn = z.output<typeof CategorySchema>;
type ItemIn = z.output<typeof ItemSchema>;
export type { SaveFnbCategoryBody, SaveFnbItemBody };

export async function saveCategory(deps: AppDeps, input: CategoryIn) {
  const values = {
    name: input.name,
    name_es: input.nameEs,
    start_hour: input.startHour,
    end_hour: input.endHour,
    sort_order: input.sortOrder,
    active: input.active ? 1 : 0,
  };
  let id = input.id;
  if (id) {
    if (!(await repo.updateCategory(deps.db, id, values))) throw notFound(en.errors.categoryNotFound);
  } else {
    id = await repo.insertCategory(deps.db, { ...values, created_at: deps.clock.now() });
  }
  await publishMenu(deps);
  return { success: 1 as const, details: en.admin.saved, id };
}

export async function deleteCategory(deps: AppDeps, id: number) {
  if (!(await repo.findCategory(deps.db, id))) throw notFound(en.errors.categoryNotFound);
  if ((await repo.countItemsOf(deps.db, id)) > 0) throw conflict(en.errors.categoryInUse);
  await repo.deleteCategoryRow(deps.db, id);
  await publishMenu(deps);
  return { success: 1 as const, details: en.admin.deleted };
}

/**
 * Saves an item with its modifier groups: groups and options named by id are updated (a cart
 * that holds their ids stays valid), new ones added, the rest removed. One transaction.
 */
export async function saveItem(deps: AppDeps, input: ItemIn) {
  const now = deps.clock.now();
  if (!(await repo.findCategory(deps.db, input.categoryId))) throw notFound(en.errors.categoryNotFound);
  const values = {
    category_id: input.categoryId,
    name: input.name,
    name_es: input.nameEs,
    description: input.description,
    description_es: input.descriptionEs,
    price_cents: input.priceCents,
    photo_url: input.photoUrl,
    allergens: [...new Set(input.allergens)].join(','),
    station: input.station,
    start_hour: input.startHour,
    end_hour: input.endHour,
    sort_order: input.sortOrder,
    active: input.active ? 1 : 0,
    updated_at: now,
  };
  const id = await deps.db.transaction().execute(async (trx) => {
    let itemId = input.id;
    if (itemId) {
      if (!(await repo.updateItem(trx, itemId, values))) throw notFound(en.errors.menuItemNotFound);
    } else {
      itemId = await repo.insertItem(trx, { ...values, sold_out: 0, created_at: now });
    }
    const existing = await repo.listGroups(trx, [itemId]);
    const keep = input.modifierGroups
      .map((g) => g.id)
      .filter((g): g is number => !!g && existing.some((e) => e.id === g));
    await repo.deleteModifiersOf(trx, itemId, keep);
    for (const [gi, g] of input.modifierGroups.entries()) {
      const gv = {
        name: g.name,
        name_es: g.nameEs,
        min_choices: g.minChoices,
        max_choices: g.maxChoices,
        sort_order: gi,
      };
      let groupId: number;
      if (g.id && keep.includes(g.id)) {
        groupId = g.id;
        await repo.updateGroup(trx, groupId, itemId, gv);
      } else groupId = await repo.insertGroup(trx, { ...gv, item_id: itemId });
      const options = await repo.listOptions(trx, [groupId]);
      const keepOptions = g.options.map((o) => o.id).filter((o): o is number => !!o && options.some((e) => e.id === o));
      await repo.deleteOptionsExcept(trx, groupId, keepOptions);
      for (const [oi, o] of g.options.entries()) {
        const ov = { name: o.name, name_es: o.nameEs, price_delta_cents: o.priceDeltaCents, sort_order: oi };
        if (o.id && keepOptions.includes(o.id)) await repo.updateOption(trx, o.id, groupId, ov);
        else await repo.insertOption(trx, { ...ov, group_id: groupId });
      }
    }
    return itemId;
  });
  await publishMenu(deps);
  return { success: 1 as const, details: en.admin.saved, id };
}

/** Deletes an item never ordered; one that was ordered goes off the menu (its name stays in the reports). */
export async function deleteItem(deps: AppDeps, id: number) {
  if (!(await repo.findItem(deps.db, id))) throw notFound(en.errors.menuItemNotFound);
  await deps.db.transaction().execute(async (trx) => {
    if (await repo.itemOrdered(trx, id)) await repo.updateItem(trx, id, { active: 0, updated_at: deps.clock.now() });
    else {
      await repo.deleteModifiersOf(trx, id);
      await repo.deleteItemRow(trx, id);
    }
  });
  await publishMenu(deps);
  return { success: 1 as const, details: en.admin.deleted };
}

/** The 86 switch: every phone and tablet showing the menu hears it at once (fnbMenu event). */
export async function setSoldOut(deps: AppDeps, user: SessionUser, itemId: number, soldOut: boolean) {
  const item = await repo.findItem(deps.db, itemId);
  if (!item) throw notFound(en.errors.menuItemNotFound);
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    await repo.setSoldOut(trx, itemId, soldOut, now);
    await trx
      .insertInto('audit_log')
      .values({ user_id: user.id, kind: 'fnb86', detail: `${item.name} ${soldOut ? 'sold out' : 'back on'}`, at: now })
      .execute();
  });
  await publishMenu(deps);
  return {
    success: 1 as const,
    details: soldOut ? en.admin.soldOutOn(item.name) : en.admin.soldOutOff(item.name),
    id: itemId,
  };
}
