import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';

/** What the live board hears: which units changed on which business day (DESIGN.md section 5). */
export interface BoardEvent {
  type: string;
  day: string;
  unitIds: number[];
  /** Location ids touched, so a client only refetches what it shows. */
  locationIds?: number[];
  /** Users whose sessions were revoked (type 'sessions'; never sent to clients). */
  userIds?: number[];
}

export interface EventBus {
  /**
   * Publishes after a commit. Never rejects (issue 11, defect 9): the write is already recorded,
   * so a failed publish is logged and boards catch up through their resync.
   */
  publish(event: BoardEvent): Promise<void>;
  subscribe(listener: (event: BoardEvent) => void): () => void;
  /**
   * PostgreSQL: a NOTIFY on BOARD_EVENTS_CHANNEL that any statement commits reaches the
   * subscribers, so a write may carry its own event (the sale does: one round trip fewer).
   */
  readonly viaDatabase?: boolean;
  /**
   * Listeners that hear this instance's own events at once, as they are published (on PostgreSQL
   * an event otherwise comes back through LISTEN a moment after the write has answered): caches
   * that must never answer older than a write this instance has just confirmed (the guest page's
   * availability). Other instances' events still arrive through `subscribe`. Set by guardedEventBus.
   */
  subscribeOwn?(listener: (event: BoardEvent) => void): () => void;
  /** An event that went out inside the write's own statement (the PostgreSQL sale's NOTIFY): tells `subscribeOwn`. */
  sentWithWrite?(event: BoardEvent): void;
  /** Is the bus connected (the LISTEN connection on PostgreSQL)? Reported by /api/health. */
  connected(): boolean;
  close(): Promise<void>;
}

export const BOARD_EVENTS_CHANNEL = 'sandbar_events';
const CHANNEL = BOARD_EVENTS_CHANNEL;
/**
 * The price list or the venue's settings changed (no day: every day's public answer). Heard by the
 * server's caches only: tablets read prices and settings per screen, so their streams skip these.
 */
export const PRICES_EVENT = 'prices';
export const SETTINGS_EVENT = 'settings';
export const serverOnlyEvent = (type: string) => type === PRICES_EVENT || type === SETTINGS_EVENT;
/** Tells subscribers to refetch everything: events may have been missed. */
export const RESYNC: BoardEvent = { type: 'resync', day: '', unitIds: [] };

/** One process: events go straight to local subscribers (SQLite deployments). */
export function memoryEventBus(): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(event) {
      emitter.emit('event', event);
    },
    subscribe(listener) {
      emitter.on('event', listener);
      return () => emitter.off('event', listener);
    },
    connected: () => true,
    async close() {
      emitter.removeAllListeners();
    },
  };
}

/**
 * Wraps any bus so that publishing can never turn a committed write into an error, and a
 * subscriber that throws cannot break the publisher or the other subscribers.
 */
export function guardedEventBus(inner: EventBus, logger?: FastifyBaseLogger): EventBus {
  const own = new Set<(event: BoardEvent) => void>();
  const tellOwn = (event: BoardEvent) => {
    for (const listener of own) {
      try {
        listener(event);
      } catch (err) {
        logger?.warn({ err }, 'a board event subscriber failed');
      }
    }
  };
  return {
    async publish(event) {
      tellOwn(event);
      try {
        await inner.publish(event);
      } catch (err) {
        logger?.warn({ err, event: event.type }, 'publishing a board event failed after the commit; boards resync');
      }
    },
    subscribe(listener) {
      return inner.subscribe((event) => {
        try {
          listener(event);
        } catch (err) {
          logger?.warn({ err }, 'a board event subscriber failed');
        }
      });
    },
    subscribeOwn(listener) {
      own.add(listener);
      return () => own.delete(listener);
    },
    sentWithWrite: tellOwn,
    viaDatabase: inner.viaDatabase,
    connected: () => inner.connected(),
    close: () => {
      own.clear();
      return inner.close();
    },
  };
}

/**
 * Several instances on one PostgreSQL database: publish is NOTIFY, and one LISTEN connection per
 * instance fans events out to that instance's subscribers, including its own (one path for all).
 * The listener reconnects after a dropped connection (restart, pg_terminate_backend), retrying
 * with back-off until the database answers, then tells local subscribers to resync.
 */
export async function postgresEventBus(url: string, logger?: FastifyBaseLogger): Promise<EventBus> {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const pool = new pg.Pool({ connectionString: url, max: 2, connectionTimeoutMillis: 5000 });
  pool.on('error', (err) => logger?.warn({ err }, 'event publisher connection lost'));
  pool.on('connect', (c) => c.on('error', (err) => logger?.warn({ err }, 'event publisher connection lost')));
  let client: pg.Client | null = null;
  let closed = false;
  let retryTimer: NodeJS.Timeout | null = null;
  let missed = false;

  const listen = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
    let lost = false;
    const onLost = (err: Error) => {
      if (lost) return;
      lost = true;
      if (client === c) client = null;
      void c.end().catch(() => undefined);
      if (closed) return;
      logger?.warn({ err }, 'event listener connection lost; reconnecting');
      scheduleReconnect(250);
    };
    c.on('notification', (msg) => {
      if (msg.channel !== CHANNEL || !msg.payload) return;
      try {
        emitter.emit('event', JSON.parse(msg.payload) as BoardEvent);
      } catch (err) {
        logger?.warn({ err }, 'bad board event payload');
      }
    });
    c.on('error', onLost);
    c.on('end', () => onLost(new Error('event listener connection ended')));
    try {
      await c.connect();
      await c.query(`LISTEN ${CHANNEL}`);
    } catch (err) {
      lost = true;
      void c.end().catch(() => undefined);
      throw err;
    }
    if (closed) {
      await c.end().catch(() => undefined);
      return;
    }
    client = c;
  };

  const scheduleReconnect = (delay: number) => {
    missed = true;
    if (retryTimer || closed) return;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      listen()
        .then(() => {
          if (!missed || closed) return;
          missed = false;
          // Events may have been missed while disconnected: local boards refetch.
          emitter.emit('event', RESYNC);
        })
        .catch((err: Error) => {
          logger?.warn({ err: err.message }, 'event listener could not reconnect yet');
          scheduleReconnect(Math.min(delay * 2, 5000));
        });
    }, delay);
    retryTimer.unref();
  };

  await listen();

  return {
    async publish(event) {
      try {
        await pool.query('SELECT pg_notify($1, $2)', [CHANNEL, JSON.stringify(event)]);
      } catch (err) {
        // The database is not reachable: other instances resync when their listener comes back,
        // and this instance's boards hear the event directly.
        logger?.warn({ err, event: event.type }, 'NOTIFY failed after the commit; delivering locally');
        emitter.emit('event', event);
      }
    },
    subscribe(listener) {
      emitter.on('event', listener);
      return () => emitter.off('event', listener);
    },
    viaDatabase: true,
    connected: () => client !== null,
    async close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      emitter.removeAllListeners();
      await client?.end().catch(() => undefined);
      await pool.end();
    },
  };
}
