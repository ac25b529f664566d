import crypto from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Database } from '../db/connect';
import type { DB } from '../db/schema';

/**
 * Prometheus figures of one instance (issue 27): `GET /metrics` in the text exposition format.
 * Off unless SANDBAR_METRICS_TOKEN is set; then a scraper sends `Authorization: Bearer <token>`.
 * Each app has its own registry (tests build several apps in one process).
 */
export interface Metrics {
  registry: Registry;
  /** One run of a scheduled job, as the composition root wraps each job. */
  schedulerRun(job: string, outcome: 'ok' | 'failed', seconds: number): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's Prometheus figures (GET /metrics); the scheduler reports its runs here. */
    metrics: Metrics;
  }
}

/** Paths whose requests are sales; the count is by answer (a replayed sale answers 200 again). */
const SALE_ROUTES = new Set(['/api/saveCustomer', '/api/seatUnseatedCustomer']);

export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'sandbar_' });
  const runs = new Counter({
    name: 'sandbar_scheduler_runs_total',
    help: 'Runs of scheduled jobs, by job and outcome.',
    labelNames: ['job', 'outcome'],
    registers: [registry],
  });
  const runSeconds = new Histogram({
    name: 'sandbar_scheduler_run_duration_seconds',
    help: 'How long scheduled jobs ran.',
    labelNames: ['job'],
    buckets: [0.005, 0.05, 0.5, 5, 60, 600],
    registers: [registry],
  });
  return {
    registry,
    schedulerRun(job, outcome, seconds) {
      runs.inc({ job, outcome });
      runSeconds.observe({ job }, seconds);
    },
  };
}

/** The token compared in constant time (a scraper's header against the setting). */
function tokenMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer (.+)$/i.exec(header ?? '')?.[1] ?? '';
  const a = crypto.createHash('sha256').update(given).digest();
  const b = crypto.createHash('sha256').update(token).digest();
  return given !== '' && crypto.timingSafeEqual(a, b);
}

export interface MetricsOptions {
  metrics: Metrics;
  /** SANDBAR_METRICS_TOKEN; without it `/metrics` answers 404. */
  token: string | undefined;
  database: Database;
  db: Kysely<DB>;
}

export function registerMetrics(app: FastifyInstance, opts: MetricsOptions): void {
  const { registry } = opts.metrics;
  const requests = new Histogram({
    name: 'sandbar_http_request_duration_seconds',
    help: 'HTTP requests by method, route (its template) and status; _count gives the rate.',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const sales = new Counter({
    name: 'sandbar_sales_total',
    help: 'Sale requests (saveCustomer, seatUnseatedCustomer) by outcome: ok (recorded), replayed (a retry answered with its first result), refused (4xx), error (5xx).',
    labelNames: ['outcome'],
    registers: [registry],
  });
  for (const outcome of ['ok', 'replayed', 'refused', 'error']) sales.inc({ outcome }, 0);
  const replayed = new WeakSet<FastifyRequest>();

  // Live board streams: requests to /api/events answered 200 (the stream's head) and still open.
  const streams = new Set<ServerResponse>();
  new Gauge({
    name: 'sandbar_live_streams',
    help: 'Open live-board streams (GET /api/events) on this instance.',
    registers: [registry],
    collect() {
      let n = 0;
      for (const res of streams) {
        if (res.headersSent && res.statusCode === 200 && !res.writableEnded) n++;
      }
      this.set(n);
    },
  });

  const { db } = opts;
  new Gauge({
    name: 'sandbar_outbox_messages',
    help: 'Outbox messages waiting (queued, of which retrying: queued after a failed attempt) and given up (failed). Shared by all instances.',
    labelNames: ['status'],
    registers: [registry],
    async collect() {
      const rows = await db
        .selectFrom('outbox')
        .select((eb) => [
          'status',
          eb.fn.countAll<number>().as('n'),
          eb.fn.sum<number>(eb.case().when('attempts', '>', 0).then(1).else(0).end()).as('retrying'),
        ])
        .where('status', 'in', ['queued', 'failed'])
        .groupBy('status')
        .execute();
      const by = new Map(rows.map((r) => [r.status, r]));
      this.set({ status: 'queued' }, Number(by.get('queued')?.n ?? 0));
      this.set({ status: 'retrying' }, Number(by.get('queued')?.retrying ?? 0));
      this.set({ status: 'failed' }, Number(by.get('failed')?.n ?? 0));
    },
  });

  const pool = opts.database.poolStats;
  if (pool) {
    new Gauge({
      name: 'sandbar_db_pool_connections',
      help: 'PostgreSQL pool connections of this instance: open, idle, and requests waiting for one; max is DATABASE_POOL_SIZE.',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        const s = pool();
        this.set({ state: 'open' }, s.total);
        this.set({ state: 'idle' }, s.idle);
        this.set({ state: 'waiting' }, s.waiting);
        this.set({ state: 'max' }, s.max);
      },
    });
  }

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.routeOptions.url === '/api/events') {
      const res = reply.raw;
      streams.add(res);
      res.once('close', () => streams.delete(res));
    }
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode === 200 && SALE_ROUTES.has(request.routeOptions.url ?? '') && typeof payload === 'string') {
      if (payload.includes('"replayed":true')) replayed.add(request);
    }
    return payload;
  });
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    if (route === '/metrics') return;
    requests.observe({ method: request.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
    if (SALE_ROUTES.has(route)) {
      const s = reply.statusCode;
      sales.inc({ outcome: s >= 500 ? 'error' : s >= 400 ? 'refused' : replayed.has(request) ? 'replayed' : 'ok' });
    }
  });

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!opts.token)
      return reply.status(404).send({ details: 'Metrics are off: set SANDBAR_METRICS_TOKEN to turn them on.' });
    if (!tokenMatches(request.headers.authorization, opts.token)) {
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .send({ details: 'Send the metrics token as Authorization: Bearer <SANDBAR_METRICS_TOKEN>.' });
    }
    const body = await registry.metrics();
    return reply.header('cache-control', 'no-store').type(registry.contentType).send(body);
  });
}
