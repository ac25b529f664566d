import { type BookingWindow, windowsConflict } from '@sandbar/contract/rules/reservation';
import type { BoardEvent, EventBus } from '../../platform/events';
import { TurnQueue, writeTurns } from '../../platform/write-turns';

// One claim at a time per unit-day on this instance (issue 36, the opening rush; decision 271).
// When 200 phones race for 50 front-row unit-days, four phones ask for each at once. Through the
// database alone all four ran their transaction: the three losers waited inside it on the winner's
// row lock (on PostgreSQL holding three of the pool's connections), or queued behind it on
// SQLite's one connection, then rolled back. Here the second, third and fourth wait — holding
// nothing — for the first one's answer: if it won, the unit-day is theirs no longer and they are
// answered 409 at once, without a statement; if it failed (a tablet sold the unit first, its other
// unit was gone) the next one tries. The database stays the judge: another instance, a staff
// booking or a sale still race through the claim's check-and-set, and exactly one wins there.

export interface GateUnitDay {
  positionId: number;
  day: string;
  window: BookingWindow;
}

interface Flight {
  window: BookingWindow;
  /** True when the booking holding it committed (its unit-days are taken). */
  done: Promise<boolean>;
  /** Aborted when a sale takes one of its unit-days (the claim still waiting for its turn leaves the queue). */
  sold: AbortController;
}

export class ClaimGate {
  private readonly inFlight = new Map<string, Flight[]>();
  /**
   * Unit-days a sale took while guests were claiming them here (decision 373). Under the opening
   * rush a phone waited ~0.5–1 s for its turn to write, only to be refused because a tablet had
   * sold the unit meanwhile: a third of the turns went to such refusals. A sale's event marks the
   * unit-day while claims for it are in flight; they are answered 409 without a statement. The
   * mark goes with the last of those claims: a later guest asks the database, which stays the judge.
   */
  private readonly sold = new Set<string>();

  /** How many unit-days have a claim in flight (tests). */
  get size(): number {
    return this.inFlight.size;
  }

  /**
   * Waits until no booking on this instance is claiming a conflicting half of these unit-days. Null
   * when one of them won meanwhile (the caller answers 409); else a ticket, whose `leave(taken)` the
   * caller must call once its own claim has committed (true) or failed: false, or true when it
   * failed because the unit-day can no longer be booked by anyone (a tablet sold it).
   */
  async enter(unitDays: GateUnitDay[]): Promise<GateTicket | null> {
    for (;;) {
      if (unitDays.some((u) => this.sold.has(keyOf(u)))) return null;
      const blocking = unitDays
        .flatMap((u) => (this.inFlight.get(keyOf(u)) ?? []).filter((f) => windowsConflict(f.window, u.window)))
        .at(0);
      if (!blocking) break;
      if (await blocking.done) return null;
    }
    let settle: (won: boolean) => void = () => undefined;
    const flight: Flight = {
      window: unitDays[0]?.window ?? 'full',
      done: new Promise((r) => (settle = r)),
      sold: new AbortController(),
    };
    const keys = unitDays.map((u) => {
      const key = keyOf(u);
      const list = this.inFlight.get(key) ?? [];
      list.push({ ...flight, window: u.window });
      this.inFlight.set(key, list);
      return key;
    });
    let left = false;
    return {
      soldMeanwhile: () => keys.some((k) => this.sold.has(k)),
      sold: flight.sold.signal,
      leave: (won: boolean) => {
        if (left) return;
        left = true;
        for (const key of keys) {
          const list = (this.inFlight.get(key) ?? []).filter((f) => f.done !== flight.done);
          if (list.length) this.inFlight.set(key, list);
          else {
            this.inFlight.delete(key);
            this.sold.delete(key);
          }
        }
        settle(won);
      },
    };
  }

  /** A sale committed (here or on another instance): its unit-days with claims in flight are gone. */
  hear(event: BoardEvent): void {
    if (event.type !== 'sale') return;
    for (const id of event.unitIds) {
      const key = keyOf({ positionId: id, day: event.day });
      const flights = this.inFlight.get(key);
      if (!flights) continue;
      this.sold.add(key);
      for (const f of flights) if (!f.sold.signal.aborted) f.sold.abort();
    }
  }
}

export interface GateTicket {
  /** Did a sale take one of its unit-days since the ticket was given (its claim would be refused)? */
  soldMeanwhile(): boolean;
  /** Aborted when a sale takes one of its unit-days (a claim waiting for its turn leaves the queue). */
  sold: AbortSignal;
  leave(won: boolean): void;
}

const keyOf = (u: Pick<GateUnitDay, 'positionId' | 'day'>) => `${u.positionId}|${u.day}`;

export { TurnQueue };

const gates = new WeakMap<object, ClaimGate>();

/**
 * This instance's gate (keyed by its event bus, as its caches are). It hears this instance's sales
 * as they commit (`subscribeOwn`) and other instances' through the bus.
 */
export function claimGate(deps: { events: EventBus }): ClaimGate {
  let g = gates.get(deps.events);
  if (!g) {
    const gate = (g = new ClaimGate());
    gates.set(deps.events, gate);
    deps.events.subscribe((e) => gate.hear(e));
    deps.events.subscribeOwn?.((e) => gate.hear(e));
  }
  return g;
}

/**
 * This instance's turns for guest bookings: the bookings that passed the gate run a few at a time
 * in the order they came (platform/write-turns.ts), in the queue the tablets' sales join on SQLite.
 */
export function bookingTurns(deps: Parameters<typeof writeTurns>[0]): TurnQueue {
  return writeTurns(deps);
}
