import { DeleteBody, SaveResponse } from '@sandbar/contract/admin-fields';
import { IdParam } from '@sandbar/contract/common';
import { priceCodeRules, PriceListResponse, PriceResponse, SavePriceBody } from '@sandbar/contract/prices';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deletePrice, getPrice, listPrices, savePrice } from './prices.service';
import { errorsOf } from '../../plugins/openapi';

/** Prices (spec section 7): admins only (DESIGN.md section 8). */
export const pricesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/getPriceList',
    {
      config: { access: 'prices' },
      schema: { tags: ['prices'], summary: 'Price list', response: { 200: PriceListResponse, ...errorsOf(403) } },
    },
    async () => listPrices(app.deps),
  );
  app.get(
    '/getPriceList/:id',
    {
      config: { access: 'prices' },
      schema: {
        tags: ['prices'],
        summary: 'One price',
        params: IdParam,
        response: { 200: PriceResponse, ...errorsOf(403, 404) },
      },
    },
    async (request) => getPrice(app.deps, request.params.id),
  );
  app.post(
    '/savePrice',
    {
      config: { access: 'prices' },
      schema: {
        codeRules: priceCodeRules,
        tags: ['prices'],
        summary: 'Add or edit a price',
        body: SavePriceBody,
        response: { 200: SaveResponse, ...errorsOf(403, 404) },
      },
    },
    async (request) => savePrice(app.deps, request.body.postData),
  );
  app.post(
    '/deletePrice',
    {
      config: { access: 'prices' },
      schema: {
        tags: ['prices'],
        summary: 'Delete a price',
        body: DeleteBody,
        response: { 200: z.object({ success: z.literal(1), details: z.string() }), ...errorsOf(403, 404) },
      },
    },
    async (request) => deletePrice(app.deps, request.body.postData),
  );
};
