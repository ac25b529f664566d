import crypto from 'node:crypto';
import type { FnbUnitCodes } from '@sandbar/contract/fnb';
import { fnbTexts } from '@sandbar/contract/fnb-texts';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { AppDeps, SessionUser } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { listPositions } from '../units/units.repository';

// A QR code per unit (issue 35 point 2): each unit has one live token; `/order/<token>` opens the
// guest's order page for that unit. Tokens are random (128 bits), made on the first ask of a
// location's sheet, and a location's codes are replaced all at once (old stickers stop working).

type Db = Kysely<DB> | Transaction<DB>;
const en = fnbTexts.en;

export const newToken = () => crypto.randomBytes(16).toString('base64url');

/** The unit a token opens, or undefined (a rotated or made-up code). */
export function unitOfToken(db: Db, token: string) {
  return db
    .selectFrom('fnb_unit_codes as c')
    .innerJoin('positions as p', 'p.id', 'c.position_id')
    .innerJoin('locations as l', 'l.id', 'p.location_id')
    .select([
      'p.id',
      'p.location_id',
      'l.name as location_name',
      'l.full_name as location_full_name',
      'p.row',
      'p.position',
      'p.unit_type',
      'p.unit_number',
      'p.umbrella_type',
    ])
    .where('c.token', '=', token)
    .where('p.removed', '=', 0)
    .executeTakeFirst();
}

async function ensureCodes(db: Db, positionIds: number[], now: number) {
  if (positionIds.length === 0) return;
  const have = await db
    .selectFrom('fnb_unit_codes')
    .select('position_id')
    .where('position_id', 'in', positionIds)
    .execute();
  const missing = positionIds.filter((id) => !have.some((h) => h.position_id === id));
  if (missing.length === 0) return;
  // Two admins opening the sheet at once: the unique position index keeps one code per unit.
  await db
    .insertInto('fnb_unit_codes')
    .values(missing.map((position_id) => ({ position_id, token: newToken(), created_at: now })))
    .onConflict((oc) => oc.column('position_id').doNothing())
    .execute();
}

async function locationOf(db: Db, locationId: number) {
  const loc = await db
    .selectFrom('locations')
    .select(['id', 'name', 'full_name'])
    .where('id', '=', locationId)
    .executeTakeFirst();
  if (!loc) throw notFound(en.errors.locationNotFound);
  return loc;
}

/** GET /getFnbUnitCodes: the location's printable sheet. */
export async function unitCodes(deps: AppDeps, locationId: number, base: string): Promise<FnbUnitCodes> {
  const loc = await locationOf(deps.db, locationId);
  const positions = await listPositions(deps.db, [locationId]);
  await ensureCodes(
    deps.db,
    positions.map((p) => p.id),
    deps.clock.now(),
  );
  const codes = positions.length
    ? await deps.db
        .selectFrom('fnb_unit_codes')
        .select(['position_id', 'token'])
        .where(
          'position_id',
          'in',
          positions.map((p) => p.id),
        )
        .execute()
    : [];
  const tokenOf = new Map(codes.map((c) => [c.position_id, c.token]));
  return {
    locationId: loc.id,
    locationName: loc.full_name || loc.name,
    codes: positions.map((p) => {
      const token = tokenOf.get(p.id)!;
      return {
        unitId: p.id,
        label: `${p.location_name} ${p.unit_number || `${p.row}-${p.position}`}`,
        row: p.row,
        position: p.position,
        token,
        url: `${base}/order/${token}`,
      };
    }),
  };
}

/** POST /rotateFnbUnitCodes: every unit of the location gets a new token; the old ones answer badToken. */
export async function rotateCodes(deps: AppDeps, user: SessionUser, locationId: number, base: string) {
  const loc = await locationOf(deps.db, locationId);
  const positions = await listPositions(deps.db, [locationId]);
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    await ensureCodes(
      trx,
      positions.map((p) => p.id),
      now,
    );
    for (const p of positions)
      await trx
        .updateTable('fnb_unit_codes')
        .set({ token: newToken(), created_at: now })
        .where('position_id', '=', p.id)
        .execute();
    await trx
      .insertInto('audit_log')
      .values({ user_id: user.id, kind: 'fnbCodes', detail: `rotated the order codes of ${loc.name}`, at: now })
      .execute();
  });
  const sheet = await unitCodes(deps, locationId, base);
  return { success: 1 as const, details: en.qr.rotated(positions.length), ...sheet };
}
