import { HealthResponse } from '@sandbar/contract/health';
import { sql } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      config: { public: true },
      schema: { tags: ['system'], summary: 'Liveness and database check', response: { 200: HealthResponse } },
    },
    async () => {
      await sql`select 1`.execute(app.deps.db);
      return { status: 'ok' as const, database: app.deps.database.dialect, version: app.deps.version };
    },
  );
};
