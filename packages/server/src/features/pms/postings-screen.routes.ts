import { IdParam } from '@sandbar/contract/common';
import {
  FailedPostingsResponse,
  PmsPostingsQuery,
  PmsPostingsResponse,
  RetryPmsPostingBody,
  RetryPmsPostingResponse,
  SalePostingsResponse,
} from '@sandbar/contract/pms-postings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorsOf } from '../../plugins/openapi';
import { getFailedPmsPostings, getPmsPostings, getSalePostings, retryPmsPosting } from './postings-screen.service';

/** The posting screens (issue 34): Postings and Retry for admins; a sale's postings on its View. */
export const postingsScreenRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/getPmsPostings',
    {
      config: { access: 'postings' },
      schema: {
        tags: ['hotels'],
        summary: "A day's room-charge postings to the hotels' PMS, all hotels or one",
        querystring: PmsPostingsQuery,
        response: { 200: PmsPostingsResponse, ...errorsOf(403) },
      },
    },
    async (request) => getPmsPostings(app.deps, request.query),
  );
  app.post(
    '/retryPmsPosting',
    {
      config: { access: 'postings' },
      schema: {
        tags: ['hotels'],
        summary: 'Put a failed posting back in the queue (same key: read back before posting again)',
        body: RetryPmsPostingBody,
        response: { 200: RetryPmsPostingResponse, ...errorsOf(403, 404, 409) },
      },
    },
    async (request) => retryPmsPosting(app.deps, request.body.postData),
  );
  app.get(
    '/getFailedPmsPostings',
    {
      config: { access: 'postings' },
      schema: {
        tags: ['hotels'],
        summary: 'Postings still failing after their retries (Needs attention)',
        response: { 200: FailedPostingsResponse, ...errorsOf(403) },
      },
    },
    async () => getFailedPmsPostings(app.deps),
  );
  app.get(
    '/getSalePostings/:id',
    {
      config: { access: 'reports' },
      schema: {
        tags: ['reports'],
        summary: "A sale's postings to its hotel's PMS (for its View)",
        params: IdParam,
        response: { 200: SalePostingsResponse, ...errorsOf(403) },
      },
    },
    async (request) => getSalePostings(app.deps, request.params.id),
  );
};
