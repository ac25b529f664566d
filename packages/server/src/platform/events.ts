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
}

export interface EventBus {
  publish(event: BoardEvent): Promise<void>;
  subscribe(listener: (event: BoardEvent) => void): () => void;
  close(): Promise<void>;
}

const CHANNEL = 'sandbar_events';

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
    async close() {
      emitter.removeAllListeners();
    },
  };
}

/**
 * Several instances on one PostgreSQL database: publish is NOTIFY, and one LISTEN connection per
 * instance fans events out to that instance's subscribers, including its own (one path for all).
 * The listener reconnects after a dropped connection.
 */
export async function postgresEventBus(url: string, logger?: FastifyBaseLogger): Promise<EventBus> {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  pool.on('error', (err) => logger?.warn({ err }, 'event publisher connection lost'));
  let client: pg.Client | null = null;
  let closed = false;

  const listen = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url });
    c.on('notification', (msg) => {
      if (msg.channel !== CHANNEL || !msg.payload) return;
      try {
        emitter.emit('event', JSON.parse(msg.payload) as BoardEvent);
      } catch (err) {
        logger?.warn({ err }, 'bad board event payload');
      }
    });
    c.on('error', (err) => {
      logger?.warn({ err }, 'event listener connection lost; reconnecting');
      client = null;
      if (!closed) setTimeout(() => void listen().catch(() => undefined), 1000).unref();
    });
    await c.connect();
    await c.query(`LISTEN ${CHANNEL}`);
    client = c;
    // Tell local subscribers to refetch: events may have been missed while disconnected.
    emitter.emit('event', { type: 'resync', day: '', unitIds: [] } satisfies BoardEvent);
  };
  await listen();

  return {
    async publish(event) {
      await pool.query('SELECT pg_notify($1, $2)', [CHANNEL, JSON.stringify(event)]);
    },
    subscribe(listener) {
      emitter.on('event', listener);
      return () => emitter.off('event', listener);
    },
    async close() {
      closed = true;
      emitter.removeAllListeners();
      await client?.end().catch(() => undefined);
      await pool.end();
    },
  };
}
