import http from 'node:http';

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

  /**
   * Runs `work` in its turn. A `signal` aborted while the work still waits takes it out of the
   * queue at once (the promise rejects with the signal's reason): a guest's claim whose unit-day a
   * tablet sold meanwhile is told so then, not when its turn comes (decision 374).
   */
  async run<T>(work: () => Promise<T>, opts: { signal?: AbortSignal } = {}): Promise<T> {
    if (this.running < this.concurrency) this.running++;
    else {
      await new Promise<void>((resolve, reject) => {
        const { signal } = opts;
        if (signal?.aborted) return reject(signal.reason as Error);
        const onAbort = () => {
          const at = this.waiting.indexOf(begin);
          if (at >= 0) this.waiting.splice(at, 1);
          reject(signal!.reason as Error);
        };
        const begin = () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        this.waiting.push(begin);
      });
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
 * How many guests' writes go to PostgreSQL at once: half the pool, the rest left to the tablets'
 * one-statement sales (the turns below, and the guest bookings' batches of decision 375).
 */
export function guestWriteLanes(database: TurnDeps['database']): number {
  return Math.max(1, Math.floor((database.poolStats?.().max ?? 10) / 2));
}

/**
 * This instance's queue of writes that race for unit-days (keyed by its event bus, as its caches
 * are): guests' bookings (on PostgreSQL those with extras; the others go in batches, decision
 * 375), and on SQLite the tablets' sales too, so that a sale arriving after 50 phones takes its
 * turn after them instead of before (decision 325). SQLite: one at a time (its one connection
 * writes one anyway); PostgreSQL: guestWriteLanes.
 */
export function writeTurns(deps: TurnDeps): TurnQueue {
  let q = queues.get(deps.events);
  if (!q) {
    const n = deps.database.dialect === 'sqlite' ? 1 : guestWriteLanes(deps.database);
    queues.set(deps.events, (q = new TurnQueue(n)));
  }
  return q;
}

/**
 * Guests' requests a few per turn of the event loop (issue 36, decisions 330 and 371). 200 phones
 * that book at once each did their work up to their first statement (the body checked, the number
 * parsed, the statement built and sent) back to back, and a tablet's sale or a page view that
 * arrived with them waited for all two hundred. Here guest requests begin at most `perTurn` in a
 * turn of the event loop; between two turns the loop answers what else arrived. One per turn
 * (decision 330) made the lane itself the rush's queue: in a busy loop a turn takes 10–40 ms, and
 * the two-hundredth phone began 2.8 s after the first (decision 371). A guest alone waits one turn
 * (well under a millisecond); nothing is held while waiting.
 */
export class LoopLane {
  private readonly waiting: (() => void)[] = [];
  private scheduled = false;

  constructor(readonly perTurn = 16) {}

  /** Requests waiting for their turn (tests). */
  get queued(): number {
    return this.waiting.length;
  }

  turn(): Promise<void> {
    return new Promise<void>((resolve) => {
      this.waiting.push(resolve);
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      for (const begin of this.waiting.splice(0, this.perTurn)) begin();
      if (this.waiting.length) this.schedule();
    });
  }
}

const lanes = new WeakMap<object, LoopLane>();

/** This instance's lane for guests' writes (keyed by its event bus, as its caches are). */
export function guestLane(deps: { events: object }): LoopLane {
  let l = lanes.get(deps.events);
  if (!l) lanes.set(deps.events, (l = new LoopLane()));
  return l;
}

/** Requests given their lane's turn before Fastify saw them (laneFirstServer). */
const turnTaken = new WeakSet<object>();

/** Did this request (Node's IncomingMessage) already wait for its lane's turn (laneFirstServer)? */
export function hadItsTurn(raw: object): boolean {
  return turnTaken.has(raw);
}

/** What Fastify sets on the server it makes itself, which it leaves to a server factory's. */
interface ServerOptions {
  http?: http.ServerOptions | null;
  keepAliveTimeout?: number;
  requestTimeout?: number;
  connectionTimeout?: number;
  maxRequestsPerSocket?: number;
}

/**
 * Fastify's HTTP server, with requests that `laneOf` names given their lane's turn before Fastify
 * sees them (issue 36, decision 376). Under the opening rush 200 phones' bookings arrived in one
 * poll of the event loop, and each went through Fastify's request, routing and every global hook
 * (security headers, metrics, sign-in, the input guard) before its route's lane held it: a 50–70 ms
 * stall in which the page views that arrived with them waited. Held here, a booking costs the poll
 * its HTTP parse; Fastify takes it in its turn, a few per turn of the loop. Its body waits in the
 * socket meanwhile. `app.inject` does not come through here: the route's own lane hook takes those
 * (and any this did not), checking `hadItsTurn`.
 */
export function laneFirstServer(
  handler: http.RequestListener,
  options: ServerOptions,
  laneOf: (req: http.IncomingMessage) => LoopLane | null,
): http.Server {
  const server = http.createServer(options.http ?? {}, (req, res) => {
    const lane = laneOf(req);
    if (!lane) return handler(req, res);
    turnTaken.add(req);
    void lane.turn().then(() => handler(req, res));
  });
  // As Fastify's own server factory (lib/server.js) makes and sets it.
  if (options.keepAliveTimeout !== undefined) server.keepAliveTimeout = options.keepAliveTimeout;
  if (options.requestTimeout !== undefined) server.requestTimeout = options.requestTimeout;
  server.setTimeout(options.connectionTimeout ?? 0);
  if (options.maxRequestsPerSocket && options.maxRequestsPerSocket > 0)
    server.maxRequestsPerSocket = options.maxRequestsPerSocket;
  return server;
}
