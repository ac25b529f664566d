import { type BookingWindow, windowsConflict } from '@sandbar/contract/rules/reservation';

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
}

export class ClaimGate {
  private readonly inFlight = new Map<string, Flight[]>();

  /** How many unit-days have a claim in flight (tests). */
  get size(): number {
    return this.inFlight.size;
  }

  /**
   * Waits until no booking on this instance is claiming a conflicting half of these unit-days. Null
   * when one of them won meanwhile (the caller answers 409); else a ticket, whose `leave(won)` the
   * caller must call once its own claim has committed or failed.
   */
  async enter(unitDays: GateUnitDay[]): Promise<{ leave(won: boolean): void } | null> {
    for (;;) {
      const blocking = unitDays
        .flatMap((u) => (this.inFlight.get(keyOf(u)) ?? []).filter((f) => windowsConflict(f.window, u.window)))
        .at(0);
      if (!blocking) break;
      if (await blocking.done) return null;
    }
    let settle: (won: boolean) => void = () => undefined;
    const flight: Flight = { window: unitDays[0]?.window ?? 'full', done: new Promise((r) => (settle = r)) };
    const keys = unitDays.map((u) => {
      const key = keyOf(u);
      const list = this.inFlight.get(key) ?? [];
      list.push({ ...flight, window: u.window });
      this.inFlight.set(key, list);
      return key;
    });
    let left = false;
    return {
      leave: (won: boolean) => {
        if (left) return;
        left = true;
        for (const key of keys) {
          const list = (this.inFlight.get(key) ?? []).filter((f) => f.done !== flight.done);
          if (list.length) this.inFlight.set(key, list);
          else this.inFlight.delete(key);
        }
        settle(won);
      },
    };
  }
}

const keyOf = (u: GateUnitDay) => `${u.positionId}|${u.day}`;

/**
 * The bookings that passed the gate run `concurrency` at a time, in the order they came, each
 * starting in a turn of the event loop of its own. On SQLite a booking's statements never wait for
 * I/O, so 200 phones arriving together ran as one block of work and a page view or a tablet's sale
 * that arrived meanwhile waited for all of it; taking turns, they wait for at most one booking. On
 * PostgreSQL a few bookings at a time keep the rest of the pool for the tablets and each phone's
 * statements from queueing behind every other phone's (first come, first answered).
 */
export class TurnQueue {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(readonly concurrency: number) {}

  get queued(): number {
    return this.waiting.length;
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running < this.concurrency) this.running++;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      await new Promise((resolve) => setImmediate(resolve));
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}

const gates = new WeakMap<object, { gate: ClaimGate; turns: TurnQueue }>();

function gateOf(deps: { events: object; database: { dialect: string; poolStats?: () => { max: number } } }) {
  let g = gates.get(deps.events);
  if (!g) {
    // SQLite: one at a time (its one connection runs one anyway); PostgreSQL: half the pool.
    const turns =
      deps.database.dialect === 'sqlite' ? 1 : Math.max(1, Math.floor((deps.database.poolStats?.().max ?? 10) / 2));
    gates.set(deps.events, (g = { gate: new ClaimGate(), turns: new TurnQueue(turns) }));
  }
  return g;
}

/** This instance's gate (keyed by its event bus, as its caches are). */
export function claimGate(deps: Parameters<typeof gateOf>[0]): ClaimGate {
  return gateOf(deps).gate;
}

/** This instance's turns for guest bookings. */
export function bookingTurns(deps: Parameters<typeof gateOf>[0]): TurnQueue {
  return gateOf(deps).turns;
}
