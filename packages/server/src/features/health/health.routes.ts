import { HealthResponse } from '@sandbar/contract/health';
import { sql } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** A health probe must answer fast even when the database hangs: give up after this long. */
const PROBE_TIMEOUT_MS = 2000;

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['system'],
        summary: 'Liveness and database state (503 while the database does not answer)',
        response: { 200: HealthResponse, 503: HealthResponse },
      },
    },
    async (_request, reply) => {
      let timer: NodeJS.Timeout | undefined;
      const up = await Promise.race([
        sql`select 1`.execute(app.deps.db).then(
          () => true,
          () => false,
        ),
        new Promise<boolean>((resolve) => {
          timer = setTimeout(() => resolve(false), PROBE_TIMEOUT_MS);
        }),
      ]);
      clearTimeout(timer);
      const body = {
        status: up ? ('ok' as const) : ('unavailable' as const),
        database: app.deps.database.dialect,
        databaseState: up ? ('up' as const) : ('down' as const),
        liveEvents: app.deps.events.connected() ? ('up' as const) : ('down' as const),
        version: app.deps.version,
      };
      return reply.status(up ? 200 : 503).send(body);
    },
  );
};
