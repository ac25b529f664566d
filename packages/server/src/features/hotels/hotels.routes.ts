import { DeleteBody, SaveResponse } from '@sandbar/contract/admin-fields';
import { IdParam } from '@sandbar/contract/common';
import { HotelListResponse, HotelResponse, HotelsResponse, SaveHotelBody } from '@sandbar/contract/hotels';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deleteHotel, getHotel, hotelsForSale, listHotels, saveHotel } from './hotels.service';
import { errorsOf } from '../../plugins/openapi';

/** Hotels (spec section 7): admins manage; GET /getHotels is for every signed-in user. */
export const hotelsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/getHotels',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['hotels'],
        summary: 'Hotels to choose from (sale wizard, reports)',
        response: { 200: HotelsResponse },
      },
    },
    async () => hotelsForSale(app.deps),
  );
  app.get(
    '/getHotelList',
    {
      config: { access: 'hotels' },
      schema: { tags: ['hotels'], summary: 'Hotel list', response: { 200: HotelListResponse, ...errorsOf(403) } },
    },
    async () => listHotels(app.deps),
  );
  app.get(
    '/getHotelList/:id',
    {
      config: { access: 'hotels' },
      schema: {
        tags: ['hotels'],
        summary: 'One hotel with its guest roster',
        params: IdParam,
        response: { 200: HotelResponse, ...errorsOf(403, 404) },
      },
    },
    async (request) => getHotel(app.deps, request.params.id),
  );
  app.post(
    '/saveHotel',
    {
      config: { access: 'hotels' },
      schema: {
        tags: ['hotels'],
        summary: 'Add or edit a hotel',
        body: SaveHotelBody,
        response: { 200: SaveResponse, ...errorsOf(403, 404, 409) },
      },
    },
    async (request) => saveHotel(app.deps, request.body.postData),
  );
  app.post(
    '/deleteHotel',
    {
      config: { access: 'hotels' },
      schema: {
        tags: ['hotels'],
        summary: 'Delete a hotel without room charges',
        body: DeleteBody,
        response: { 200: z.object({ success: z.literal(1), details: z.string() }), ...errorsOf(403, 404, 409) },
      },
    },
    async (request) => deleteHotel(app.deps, request.body.postData),
  );
};
