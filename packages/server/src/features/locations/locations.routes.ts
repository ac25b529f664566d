import { DeleteBody, SaveResponse } from '@sandbar/contract/admin-fields';
import { IdParam } from '@sandbar/contract/common';
import { LocationListResponse, LocationResponse, SaveLocationBody } from '@sandbar/contract/locations';
import type { AccessArea } from '@sandbar/contract/roles';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAccess } from '../../plugins/auth';
import { deleteLocation, getLocation, listLocations, saveLocation } from './locations.service';
import { errorsOf } from '../../plugins/openapi';

// Role first, then the body: a user without access gets 403 whatever they send.
const guard = (area: AccessArea) => async (request: FastifyRequest) => requireAccess(request, area);

/** Locations (spec section 7): A edits, S views (DESIGN.md section 8). */
export const locationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/getLocationList',
    {
      preValidation: guard('locationsView'),
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
      preValidation: guard('locationsView'),
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
      preValidation: guard('locationsEdit'),
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
      preValidation: guard('locationsEdit'),
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
