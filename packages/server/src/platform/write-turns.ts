// The instance's writes in arrival order while they queue (issue 36, the opening rush; decisions
// 271 and 325). Work runs `concurrency` at a time, first come first served. Work that finds the
// queue idle starts at once; work that had to wait starts in a turn of the event loop of its own,
// so that a burst (200 phones booking at once) never runs as one block in which a page view or a
// tablet's sale arriving meanwhile waits for all of it.

export class TurnQueue {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(readonly concurrency: number) {}

  /** Work waiting for its turn. */
  get queued(): number {
    return this.waiting.length;
  }

  /** Is any work running or waiting (a write arriving now would queue behind it)? */
  get busy(): boolean {
    return this.running > 0;
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running < this.concurrency) this.running++;
    else {
      await new Promise<void>((resolve) => this.waiting.push(resolve));
      // Its turn: after the event loop has polled what arrived while it waited.
      await new Promise((resolve) => setImmediate(resolve));
    }
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}

interface TurnDeps {
  events: object;
  database: { dialect: string; poolStats?: () => { max: number } };
}

const queues = new WeakMap<object, TurnQueue>();

/**
 * This instance's queue of writes that race for unit-days (keyed by its event bus, as its caches
 * are): guests' bookings on both databases, and on SQLite the tablets' sales too, so that a sale
 * arriving after 50 phones takes its turn after them instead of before (decision 325). SQLite:
 * one at a time (its one connection writes one anyway); PostgreSQL: half the pool, the rest left
 * to the tablets' one-statement sales.
 */
export function writeTurns(deps: TurnDeps): TurnQueue {
  let q = queues.get(deps.events);
  if (!q) {
    const n =
      deps.database.dialect === 'sqlite' ? 1 : Math.max(1, Math.floor((deps.database.poolStats?.().max ?? 10) / 2));
    queues.set(deps.events, (q = new TurnQueue(n)));
  }
  return q;
}

/**
 * Guests' requests one per turn of the event loop (issue 36, decision 330). 200 phones that book
 * at once arrive in one poll of the event loop, and each one's work up to its first statement
 * (its body checked, its number parsed, its limits' statement built and sent) ran back to back
 * in that poll: a tablet's sale or a page view that arrived with them waited for all two hundred,
 * and their statements queued for the pool behind the phones'. Here each guest request waits for
 * a turn of its own before that work: between two, the loop answers what else arrived. A guest
 * alone waits one turn (well under a millisecond); nothing is held while waiting.
 */
export class LoopLane {
  private tail: Promise<void> = Promise.resolve();
  private waiting = 0;

  /** Requests waiting for their turn (tests). */
  get queued(): number {
    return this.waiting;
  }

  turn(): Promise<void> {
    this.waiting++;
    const mine = this.tail.then(
      () =>
        new Promise<void>((resolve) =>
          setImmediate(() => {
            this.waiting--;
            resolve();
          }),
        ),
    );
    this.tail = mine;
    return mine;
  }
}

const lanes = new WeakMap<object, LoopLane>();

/** This instance's lane for guests' writes (keyed by its event bus, as its caches are). */
export function guestLane(deps: { events: object }): LoopLane {
  let l = lanes.get(deps.events);
  if (!l) lanes.set(deps.events, (l = new LoopLane()));
  return l;
}
