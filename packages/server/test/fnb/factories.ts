import crypto from 'node:crypto';
import type { PlaceFnbOrderBody, SaveFnbOrderBody } from '@sandbar/contract/fnb';
import type { Kysely } from 'kysely';
import type { DB } from '../../src/db/schema';

/** A demo menu item's id by its English name (fnb.seed.ts). */
export async function fnbItemId(db: Kysely<DB>, name: string): Promise<number> {
  return (await db.selectFrom('fnb_items').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
}

/** A demo option's id by its item and English name ("Mojito", "Large"). */
export async function fnbOptionId(db: Kysely<DB>, item: string, option: string): Promise<number> {
  const r = await db
    .selectFrom('fnb_modifier_options as o')
    .innerJoin('fnb_modifier_groups as g', 'g.id', 'o.group_id')
    .innerJoin('fnb_items as i', 'i.id', 'g.item_id')
    .select('o.id')
    .where('i.name', '=', item)
    .where('o.name', '=', option)
    .executeTakeFirstOrThrow();
  return r.id;
}

/** The unit's live order code (made like the QR sheet makes it). */
export async function fnbToken(db: Kysely<DB>, positionId: number): Promise<string> {
  const have = await db
    .selectFrom('fnb_unit_codes')
    .select('token')
    .where('position_id', '=', positionId)
    .executeTakeFirst();
  if (have) return have.token;
  const token = crypto.randomBytes(16).toString('base64url');
  await db.insertInto('fnb_unit_codes').values({ position_id: positionId, token, created_at: Date.now() }).execute();
  return token;
}

/** A guest's order with overrides (two beers to the tab by default). */
export function buildGuestOrder(
  o: Partial<PlaceFnbOrderBody> & { lines: PlaceFnbOrderBody['lines'] },
): PlaceFnbOrderBody {
  return {
    clientOrderId: crypto.randomUUID(),
    totalCents: 0,
    payment: 'tab',
    phoneLast4: '0100',
    languageCode: 'en',
    ...o,
  };
}

/** A staff order with overrides (to the unit's tab by default). */
export function buildStaffOrder(
  o: Partial<SaveFnbOrderBody> & { unitId: number; lines: SaveFnbOrderBody['lines'] },
): SaveFnbOrderBody {
  return { clientOrderId: crypto.randomUUID(), totalCents: 0, payment: 'tab', ...o };
}
