import { type LiveLookup, pmsLookupTexts } from '@sandbar/contract/pms-lookup';
import { isVacationOwner } from '@sandbar/contract/rules/pricing';
import type { AppDeps } from '../../platform/deps';
import type { InHouseGuest, PmsConnection } from '../../platform/pms';
import { connectionOf } from './pms.service';

// Live guest lookup (issue 34, point 2): the room-charge step and the sale's room check ask the
// hotel's PMS whether a guest of this surname is in house in this room. A PMS that is slow, down
// or answers garbage must never block a sale: each lookup has a budget, and a circuit breaker per
// hotel stops asking a PMS that keeps failing (the roster answers, with a warning, meanwhile; the
// posting queue posts the charge when the PMS is back).

export const lookupPolicy = {
  /** The whole lookup (Mews: two calls) gets this long; then the roster answers. */
  budgetMs: 1000,
  /** Consecutive failures that open a hotel's breaker. */
  failuresToOpen: 3,
  /** How long an open breaker answers from the roster before one trial call is let through. */
  openMs: 30_000,
};

/** One hotel's breaker: closed (asking), open (not asking until `openUntil`), then one trial. */
interface Breaker {
  failures: number;
  openUntil: number;
  /** A trial call is under way (half-open): other lookups answer from the roster meanwhile. */
  trial: boolean;
}

// Per app (its PMS directory), per hotel: tests build many apps in one process.
const breakersOf = new WeakMap<object, Map<number, Breaker>>();

function breakerOf(deps: Pick<AppDeps, 'pms'>, hotelId: number): Breaker {
  let all = breakersOf.get(deps.pms);
  if (!all) {
    all = new Map();
    breakersOf.set(deps.pms, all);
  }
  let b = all.get(hotelId);
  if (!b) {
    b = { failures: 0, openUntil: 0, trial: false };
    all.set(hotelId, b);
  }
  return b;
}

/** The breaker's state as a test or a screen reads it. */
export function breakerState(deps: Pick<AppDeps, 'pms' | 'clock'>, hotelId: number): 'closed' | 'open' | 'halfOpen' {
  const b = breakerOf(deps, hotelId);
  if (b.failures < lookupPolicy.failuresToOpen) return 'closed';
  return deps.clock.now() < b.openUntil ? 'open' : 'halfOpen';
}

type Deps = Pick<AppDeps, 'db' | 'secretKey' | 'pms' | 'clock'>;

export interface LiveAnswer extends LiveLookup {
  /** The PMS's guest when found (the posting queue finds it again at posting time). */
  pmsGuest: InHouseGuest | null;
}

const answer = (status: LiveLookup['status'], vacationOwner: boolean, guest: InHouseGuest | null): LiveAnswer => ({
  status,
  guest: guest
    ? {
        name: guest.displayName || guest.surname,
        room: guest.room.replace(/^0+(?=.)/, ''),
        reservation: guest.confirmation || guest.reservationId,
      }
    : null,
  vacationOwner,
  warning: status === 'unreachable' ? pmsLookupTexts.unreachable : null,
  pmsGuest: guest,
});

function withinBudget<T>(p: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`No answer within ${ms} ms.`)), ms);
    p.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (err: unknown) => {
        clearTimeout(timer);
        reject(err instanceof Error ? err : new Error(String(err)));
      },
    );
  });
}

/**
 * Is a guest of this surname in house in this room, as the hotel's PMS says? 'roster' for a hotel
 * without a PMS connection (the caller checks the roster as before); 'unreachable' when the PMS
 * did not answer usefully in time or its breaker is open (the caller checks the roster and shows
 * the warning). Never throws for the PMS's sake.
 */
export async function lookupGuest(
  deps: Deps,
  hotel: { id: number; vacation_owner_rule: number | boolean },
  room: string,
  surname: string,
  log?: { warn(obj: object, msg: string): void },
): Promise<LiveAnswer> {
  const vacationOwner = isVacationOwner({ vacationOwnerRule: Number(hotel.vacation_owner_rule) === 1 }, room);
  let conn: PmsConnection;
  try {
    conn = await connectionOf(deps, hotel.id);
  } catch (err) {
    // The stored credentials cannot be opened (a changed SANDBAR_SECRET_KEY): as if unreachable.
    log?.warn({ hotelId: hotel.id, err: (err as Error).message }, 'PMS connection unreadable');
    return answer('unreachable', vacationOwner, null);
  }
  if (conn.kind === 'roster') return answer('roster', vacationOwner, null);
  const b = breakerOf(deps, hotel.id);
  const now = deps.clock.now();
  if (b.failures >= lookupPolicy.failuresToOpen && (now < b.openUntil || b.trial)) {
    return answer('unreachable', vacationOwner, null);
  }
  const trial = b.failures >= lookupPolicy.failuresToOpen;
  if (trial) b.trial = true;
  try {
    const found = await withinBudget(deps.pms.connector(conn).findInHouseGuest(room, surname), lookupPolicy.budgetMs);
    b.failures = 0;
    b.openUntil = 0;
    return found.length ? answer('found', vacationOwner, found[0]!) : answer('notInHouse', vacationOwner, null);
  } catch (err) {
    // A time-out, a refused connection, a 4xx/5xx or an answer that failed its zod schema: the
    // lookup cannot vouch for anything, so the roster decides.
    b.failures++;
    if (b.failures >= lookupPolicy.failuresToOpen) b.openUntil = deps.clock.now() + lookupPolicy.openMs;
    log?.warn({ hotelId: hotel.id, failures: b.failures, err: (err as Error).message }, 'PMS guest lookup failed');
    return answer('unreachable', vacationOwner, null);
  } finally {
    if (trial) b.trial = false;
  }
}
