import { OutboxList, OutboxQuery } from '@sandbar/contract/outbox';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAccess } from '../../plugins/auth';
import { getOutbox } from './outbox.service';
import { errorsOf } from '../../plugins/openapi';

export const outboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/getOutbox',
    {
      schema: {
        tags: ['outbox'],
        summary: 'Outgoing e-mails and texts (admins)',
        querystring: OutboxQuery,
        response: { 200: OutboxList, ...errorsOf(403) },
      },
    },
    async (request) => {
      requireAccess(request, 'outbox');
      return getOutbox(app.deps, request.query);
    },
  );
};
