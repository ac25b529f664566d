import {
  PmsAttentionResponse,
  PmsReconciliationQuery,
  PmsReconciliationResponse,
} from '@sandbar/contract/pms-reconciliation';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorsOf } from '../../plugins/openapi';
import { getPmsAttention, getPmsReconciliation } from './reconciliation.service';

/** The night reconciliation per hotel and the failing postings (issue 34 point 5): admins only. */
export const reconciliationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/getPmsReconciliation',
    {
      config: { access: 'hotels' },
      schema: {
        tags: ['hotels'],
        summary: "Each PMS-connected hotel's day: Sandbar's room charges against what the PMS confirmed, sale by sale",
        querystring: PmsReconciliationQuery,
        response: { 200: PmsReconciliationResponse, ...errorsOf(403) },
      },
    },
    async (request) => getPmsReconciliation(app.deps.db, request.query),
  );
  app.get(
    '/getPmsAttention',
    {
      config: { access: 'hotels' },
      schema: {
        tags: ['hotels'],
        summary: 'PMS postings still failing after their retries (Needs attention for admins), and how many',
        response: { 200: PmsAttentionResponse, ...errorsOf(403) },
      },
    },
    async () => getPmsAttention(app.deps.db),
  );
};
