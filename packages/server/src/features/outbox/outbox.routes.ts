import { OutboxList, OutboxQuery } from '@sandbar/contract/outbox';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getOutbox } from './outbox.service';
import { errorsOf } from '../../plugins/openapi';

export const outboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/getOutbox',
    {
      config: { access: 'outbox' },
      schema: {
        tags: ['outbox'],
        summary: 'Outgoing e-mails and texts (admins)',
        querystring: OutboxQuery,
        response: { 200: OutboxList, ...errorsOf(403) },
      },
    },
    async (request) => {
      return getOutbox(app.deps, request.query);
    },
  );
};
