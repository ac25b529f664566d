import { fnbLimits } from '@sandbar/contract/fnb-texts';
import type { AppDeps } from '../../platform/deps';

// Wrong answers for a unit's tab or room (issue 35): a guest guessing the party's last 4 digits or
// a room's surname is stopped after fnbLimits.maxTabTries within 10 minutes, per unit, on every
// instance (kept on the unit's code row).

const TEN_MINUTES = 10 * 60_000;

/** Counts a wrong answer (last 4 or room) against the unit; true while the unit may still try. */
export async function triesLeft(deps: AppDeps, positionId: number, now: number): Promise<boolean> {
  const row = await deps.db
    .selectFrom('fnb_unit_codes')
    .select(['tab_fails', 'tab_fails_since'])
    .where('position_id', '=', positionId)
    .executeTakeFirst();
  if (!row || row.tab_fails_since == null || now - Number(row.tab_fails_since) > TEN_MINUTES) return true;
  return row.tab_fails < fnbLimits.maxTabTries;
}

export async function countWrongTry(deps: AppDeps, positionId: number, now: number) {
  const row = await deps.db
    .selectFrom('fnb_unit_codes')
    .select(['tab_fails', 'tab_fails_since'])
    .where('position_id', '=', positionId)
    .executeTakeFirst();
  const fresh = !row || row.tab_fails_since == null || now - Number(row.tab_fails_since) > TEN_MINUTES;
  await deps.db
    .updateTable('fnb_unit_codes')
    .set((eb) => (fresh ? { tab_fails: 1, tab_fails_since: now } : { tab_fails: eb('tab_fails', '+', 1) }))
    .where('position_id', '=', positionId)
    .execute();
}
