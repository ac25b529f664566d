import { DeleteBody, SaveResponse } from '@sandbar/contract/admin-fields';
import { IdParam } from '@sandbar/contract/common';
import { LocationListResponse, LocationResponse, SaveLocationBody } from '@sandbar/contract/locations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deleteLocation, getLocation, listLocations, saveLocation } from './locations.service';
import { errorsOf } from '../../plugins/openapi';

/** Locations (spec section 7): A edits, S views (DESIGN.md section 8). */
export const locationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/getLocationList',
    {
      config: { access: 'locationsView' },
      schema: {
        tags: ['locations'],
        summary: 'Location list',
        response: { 200: LocationListResponse, ...errorsOf(403) },
      },
    },
    async (request) => listLocations(app.deps, request.user),
  );
  app.get(
    '/getLocationList/:id',
    {
      config: { access: 'locationsView' },
      schema: {
        tags: ['locations'],
        summary: 'One location',
        params: IdParam,
        response: { 200: LocationResponse, ...errorsOf(403, 404) },
      },
    },
    async (request) => getLocation(app.deps, request.user, request.params.id),
  );
  app.post(
    '/saveLocation',
    {
      config: { access: 'locationsEdit' },
      schema: {
        tags: ['locations'],
        summary: 'Add or edit (resize) a location',
        body: SaveLocationBody,
        response: { 200: SaveResponse, ...errorsOf(403, 404, 409) },
      },
    },
    async (request) => saveLocation(app.deps, request.body.postData),
  );
  app.post(
    '/deleteLocation',
    {
      config: { access: 'locationsEdit' },
      schema: {
        tags: ['locations'],
        summary: 'Delete a location without history',
        body: DeleteBody,
        response: { 200: z.object({ success: z.literal(1), details: z.string() }), ...errorsOf(403, 404, 409) },
      },
    },
    async (request) => deleteLocation(app.deps, request.body.postData),
  );
};
