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
