import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import helmet from 'helmet';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import { type ZodTypeProvider, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Database } from './db/connect';
import type { Env } from './env';
import { authRoutes } from './features/auth/auth.routes';
import { findSessionUser } from './features/auth/auth.service';
import { healthRoutes } from './features/health/health.routes';
import { outboxRoutes } from './features/outbox/outbox.routes';
import { peopleRoutes } from './features/people/people.routes';
import { locationsRoutes } from './features/locations/locations.routes';
import { pricesRoutes } from './features/prices/prices.routes';
import { hotelsRoutes } from './features/hotels/hotels.routes';
import { uploadsRoutes } from './features/uploads/uploads.routes';
import { dropoffRoutes } from './features/dropoff/dropoff.routes';
import { reportsRoutes } from './features/reports/reports.routes';
import { receiptsRoutes } from './features/receipts/receipts.routes';
import { salesRoutes } from './features/sales/sales.routes';
import { offlineSaleRoutes } from './features/sales/offline-sale.routes';
import { eventsRoutes } from './features/events/events.routes';
import { unitsRoutes } from './features/units/units.routes';
import { dailyLogRoutes } from './features/daily-log/daily-log.routes';
import { logDetailsRoutes } from './features/log-details/log-details.routes';
import { settingsRoutes } from './features/settings/settings.routes';
import { pmsRoutes } from './features/pms/pms.routes';
import { reconciliationRoutes } from './features/pms/reconciliation.routes';
import { postingsScreenRoutes } from './features/pms/postings-screen.routes';
import { findRosterGuest } from './features/hotels/roster-guest';
import { guestsOf } from './features/hotels/hotels.repository';
import { pmsDirectory } from './adapters/pms';
import { secretKeyBytes } from './env';
import { reservationsRoutes } from './features/reservations/reservations.routes';
import { isGuestBookingCall, publicBookingRoutes } from './features/reservations/public.routes';
import { paymentsRoutes } from './features/payments/payments.routes';
import { payLinkRoutes } from './features/payments/pay-link.routes';
import { fnbRoutes } from './features/fnb/fnb.routes';
import { fnbPublicRoutes } from './features/fnb/fnb-public.routes';
import { choosePaymentProvider } from './platform/payments/choose';
import type { Clock } from './platform/clock';
import type { AppDeps } from './platform/deps';
import { type EventBus, guardedEventBus, memoryEventBus, postgresEventBus } from './platform/events';
import { systemClock } from './platform/clock';
import { guestLane, laneFirstServer } from './platform/write-turns';
import authPlugin from './plugins/auth';
import { registerErrorHandler } from './plugins/errors';
import { registerInputGuard } from './plugins/input-guard';
import { createMetrics, registerMetrics } from './plugins/metrics';
import { methodsByPath, openApiTransform } from './plugins/openapi';

export interface BuildOptions {
  database: Database;
  env: Env;
  clock?: Clock;
  /** Defaults to LISTEN/NOTIFY on PostgreSQL and an in-process bus on SQLite. */
  events?: EventBus;
  logger?: FastifyServerOptions['logger'];
  /** Folder of the built web app; defaults to packages/web/dist when it exists. */
  webDist?: string | null;
  /** PMS calls' time-out (tests shorten it). */
  pmsHttp?: { timeoutMs: number };
  /** Where the built-in test payment provider keeps its balance lines (the server's data folder). */
  testPaymentsFile?: string;
}

const here = path.dirname(fileURLToPath(import.meta.url));

/** A request URL as logged: a `token` query value is replaced, so logs never hold a live session. */
export function redactToken(url: string): string {
  return url.replace(/([?&]token=)[^&#]*/gi, '$1[redacted]');
}
const defaultWebDist = path.resolve(here, '../../web/dist');

/**
 * Whether a request path names the API however it is spelled: percent-encoded, with doubled or
 * back slashes, dot segments or another case. The router matches only the plain spelling.
 */
export function isApiPath(url: string): boolean {
  let p = url;
  try {
    p = decodeURIComponent(p);
  } catch {
    // A malformed escape still reads as what it spells around it.
  }
  p = path.posix.normalize(p.replace(/\\/g, '/'));
  return /^\/api(\/|$)/i.test(p);
}

/** /book and /book/manage/<token>: the public booking page's own HTML entry (book.html). */
export function isGuestBookingPath(url: string): boolean {
  return url === '/book' || url.startsWith('/book/');
}

/** /order/<token>: the guest's F&B order page (issue 35), its own HTML entry (order.html). */
export function isGuestOrderPath(url: string): boolean {
  return url.startsWith('/order/');
}

/**
 * Built assets under assets/ carry a content hash in their name, so a browser may keep them for a
 * year without asking again; everything else (index.html, robots.txt, icons, a service worker)
 * keeps its name across releases and is revalidated on every load.
 */
export function staticCacheControl(root: string, filePath: string): string {
  const rel = path.relative(root, filePath).split(path.sep).join('/');
  return rel.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/** Builds the whole app (house style: app.ts is itself the composition root; main.ts only listens). */
export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  // The instance's event bus, known once it is made below: its lanes are keyed by it.
  let instance: { events: object } | null = null;
  const app = Fastify({
    // A guest's booking waits for its turn before Fastify sees it (decision 376).
    serverFactory: (handler, options) =>
      laneFirstServer(handler, options, (req) => (instance && isGuestBookingCall(req) ? guestLane(instance) : null)),
    logger: opts.logger ?? {
      level: opts.env.LOG_LEVEL,
      // EventSource cannot send headers, so /api/events carries the token in its query: keep it out of the logs.
      serializers: {
        req: (req: { method: string; url: string; ip?: string }) => ({
          method: req.method,
          url: redactToken(req.url),
          remoteAddress: req.ip,
        }),
      },
    },
    // X-Forwarded-* only from the proxies the operator named (issue 11, defect 4; decision 063).
    trustProxy: opts.env.SANDBAR_TRUST_PROXY ?? false,
    // A request id the client cannot choose, unique across instances: 5xx answers carry it.
    requestIdHeader: false,
    genReqId: () => crypto.randomUUID(),
    bodyLimit: 5 * 1024 * 1024,
    // The router's own refusals in the API's one error shape (a path parameter over 100
    // characters is 414, a malformed URL 400), as the OpenAPI document lists them.
    frameworkErrors: (error, _request, reply) => {
      const status = error.statusCode ?? 400;
      const details =
        error.code === 'FST_ERR_MAX_PARAM_LENGTH'
          ? 'A path parameter is over 100 characters.'
          : error.code === 'FST_ERR_BAD_URL'
            ? 'The URL is malformed.'
            : error.message;
      return (reply as FastifyReply).status(status).send({ details });
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  opts.database.onConnectionError = (err) => app.log.warn({ err: err.message }, 'database connection lost');
  const events = guardedEventBus(
    opts.events ??
      (opts.database.dialect === 'postgres' && opts.database.url
        ? await postgresEventBus(opts.database.url, app.log)
        : memoryEventBus()),
    app.log,
  );
  app.addHook('onClose', async () => {
    await events.close();
  });
  instance = { events };

  const clock = opts.clock ?? systemClock;
  // The test provider calls the webhook the way a provider does: an HTTP request through the whole stack.
  const payments = choosePaymentProvider(
    opts.env,
    async (body, headers) => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/public/payments/test/webhook',
        headers,
        payload: body,
      });
      if (res.statusCode >= 300) app.log.warn({ status: res.statusCode }, 'test payment webhook refused');
    },
    () => clock.now(),
    opts.testPaymentsFile,
  );
  app.decorate('deps', {
    database: opts.database,
    db: opts.database.db,
    clock,
    env: opts.env,
    version: process.env.npm_package_version ?? '0.1.0',
    events,
    pms: pmsDirectory({
      db: opts.database.db,
      roster: (db, hotelId) => ({
        find: async (room, surname) =>
          (await findRosterGuest(db, hotelId, room, surname)) ? { guestName: surname, room } : null,
        count: async () => (await guestsOf(db, hotelId)).length,
      }),
      http: opts.pmsHttp,
    }),
    secretKey: opts.env.SANDBAR_SECRET_KEY ? secretKeyBytes(opts.env.SANDBAR_SECRET_KEY) : null,
    payments,
  } satisfies AppDeps);

  app.decorate('routeAccess', []);
  registerErrorHandler(app);
  registerInputGuard(app);
  const metrics = createMetrics();
  app.decorate('metrics', metrics);
  registerMetrics(app, {
    metrics,
    token: opts.env.SANDBAR_METRICS_TOKEN,
    database: opts.database,
    db: opts.database.db,
  });
  const allowedMethods = methodsByPath(app);

  // Security headers, the same on every answer: helmet's middleware is built once here. The Fastify
  // plugin built it anew on every request (parsing the CSP again), about 3 % of a sale's CPU.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Mantine injects its CSS variables in <style> tags.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) =>
    securityHeaders(request.raw, reply.raw, (err) => done(err as Error | undefined)),
  );

  // Beach Wi-Fi is weak: brotli or gzip for everything compressible (the API's JSON, the app).
  // The board's ready bytes and the built app arrive already compressed and pass through as they are.
  await app.register(compress, { encodings: ['br', 'gzip'], threshold: 1024 });

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Sandbar API',
        version: '1.0.0',
        description:
          'Calls of the product spec, section 7. Every call answers errors as `{details}`; a method a path does not take answers 405 with an Allow header.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: openApiTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list' } });

  await app.register(
    async (api) => {
      await api.register(authPlugin, {
        findSessionUser: (token) => findSessionUser(app.deps, token),
        routeAccess: app.routeAccess,
      });
      await api.register(healthRoutes);
      await api.register(authRoutes);
      await api.register(outboxRoutes);
      await api.register(peopleRoutes);
      await api.register(locationsRoutes);
      await api.register(pricesRoutes);
      await api.register(hotelsRoutes);
      await api.register(pmsRoutes);
      await api.register(reconciliationRoutes);
      await api.register(postingsScreenRoutes);
      await api.register(uploadsRoutes);
      await api.register(unitsRoutes);
      await api.register(eventsRoutes);
      await api.register(logDetailsRoutes);
      await api.register(dailyLogRoutes);
      await api.register(settingsRoutes);
      await api.register(salesRoutes);
      await api.register(offlineSaleRoutes);
      await api.register(receiptsRoutes);
      await api.register(dropoffRoutes);
      await api.register(reportsRoutes);
      await api.register(reservationsRoutes);
      await api.register(publicBookingRoutes);
      await api.register(paymentsRoutes);
      await api.register(payLinkRoutes);
      await api.register(fnbRoutes);
      await api.register(fnbPublicRoutes);
    },
    { prefix: '/api' },
  );

  const webDist = opts.webDist === undefined ? (opts.env.SANDBAR_WEB_DIST ?? defaultWebDist) : opts.webDist;
  const indexHtml = webDist && fs.existsSync(path.join(webDist, 'index.html')) ? webDist : null;
  if (indexHtml) {
    await app.register(fastifyStatic, {
      root: indexHtml,
      index: false,
      wildcard: false,
      serve: true,
      // The build writes .br/.gz twins (vite-precompress.ts); they are served, not listed as files.
      preCompressed: true,
      globIgnore: ['**/*.br', '**/*.gz'],
      cacheControl: false,
      setHeaders: (reply, filePath) => reply.header('cache-control', staticCacheControl(indexHtml, filePath)),
    });
    // Static assets are registered per file; everything else falls back to index.html below.
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    const allow = allowedMethods(request.method, url);
    if (allow && (url.startsWith('/api/') || !isApiPath(url))) {
      return reply
        .status(405)
        .header('allow', allow.join(', '))
        .send({ details: `${request.method} is not allowed here; use ${allow.join(' or ')}.` });
    }
    // Any spelling of an API path the router did not match (/API/…, //api/…, /%61pi/…) is a missing
    // call, never the web app: a guessed call answers 404 whatever its spelling (issue 32, defect 1).
    if (isApiPath(url)) {
      return reply.status(404).send({ details: `No such call: ${request.method} ${url}` });
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.status(404).send({ details: 'Not found.' });
    }
    if (!indexHtml) {
      return reply
        .status(503)
        .type('text/plain')
        .send('The web app is not built. Run `npm run build` (npm start does it for you).');
    }
    // The guest's booking page (issue 24 point 4) is its own small entry, never the staff app.
    const page =
      isGuestBookingPath(url) && fs.existsSync(path.join(indexHtml, 'book.html'))
        ? 'book.html'
        : isGuestOrderPath(url) && fs.existsSync(path.join(indexHtml, 'order.html'))
          ? 'order.html'
          : 'index.html';
    // History fallback: every client route (and the client's own 404 page) loads the app.
    return reply.type('text/html').header('cache-control', 'no-cache').sendFile(page);
  });

  return app;
}
