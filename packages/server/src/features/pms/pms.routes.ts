import { IdParam } from '@sandbar/contract/common';
import { HotelPmsResponse, SaveHotelPmsBody, TestHotelPmsBody, TestHotelPmsResponse } from '@sandbar/contract/pms';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorsOf } from '../../plugins/openapi';
import { getHotelPms, saveHotelPms, testHotelPms } from './pms.service';

/** A hotel's PMS connection (issue 34): admins only; credentials are write-only. */
export const pmsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/getHotelPms/:id',
    {
      config: { access: 'hotels' },
      schema: {
        tags: ['hotels'],
        summary: "A hotel's PMS connection (credentials only as the names of those set)",
        params: IdParam,
        response: { 200: HotelPmsResponse, ...errorsOf(403, 404) },
      },
    },
    async (request) => getHotelPms(app.deps, request.params.id),
  );
  app.post(
    '/saveHotelPms',
    {
      config: { access: 'hotels' },
      schema: {
        tags: ['hotels'],
        summary: "Save a hotel's PMS connection; blank credentials keep the stored ones",
        body: SaveHotelPmsBody,
        response: { 200: z.object({ success: z.literal(1), details: z.string() }), ...errorsOf(403, 404) },
      },
    },
    async (request) => saveHotelPms(app.deps, request.body.postData),
  );
  app.post(
    '/testHotelPms',
    {
      config: { access: 'hotels' },
      schema: {
        tags: ['hotels'],
        summary: "Test a hotel's PMS connection: what worked, step by step",
        body: TestHotelPmsBody,
        response: { 200: TestHotelPmsResponse, ...errorsOf(403, 404) },
      },
    },
    async (request) => testHotelPms(app.deps, request.body.postData),
  );
};
