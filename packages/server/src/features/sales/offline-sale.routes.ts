import { NeedsAttentionResponse, SeatUnseatedBody, SeatUnseatedResponse } from '@sandbar/contract/offline';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as service from './offline-sale.service';
import { errorsOf } from '../../plugins/openapi';

/** "Needs attention": offline sales whose unit was sold meanwhile (issue 13). */
export const offlineSaleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/getNeedsAttention',
    {
      config: { access: 'selling' },
      schema: {
        tags: ['sales'],
        summary: "Offline sales whose unit was sold meanwhile, waiting to be seated (the user's locations)",
        response: { 200: NeedsAttentionResponse, ...errorsOf(403) },
      },
    },
    async (request) => {
      return service.needsAttention(app.deps, request.user);
    },
  );

  app.post(
    '/seatUnseatedCustomer',
    {
      config: { access: 'selling' },
      schema: {
        tags: ['sales'],
        summary: 'Seat a customer from Needs attention on a free unit (one tap)',
        body: SeatUnseatedBody,
        response: { 200: SeatUnseatedResponse, ...errorsOf(403, 404, 409) },
      },
    },
    async (request) => {
      return service.seatUnseated(app.deps, request.user, request.body);
    },
  );
};
