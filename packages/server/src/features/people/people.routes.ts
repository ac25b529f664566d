import { DeleteBody, SaveResponse } from '@sandbar/contract/admin-fields';
import { IdParam } from '@sandbar/contract/common';
import { PeopleListResponse, personCodeRules, PersonResponse, SavePeopleBody } from '@sandbar/contract/people';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deletePerson, getPerson, listPeople, savePerson } from './people.service';
import { errorsOf } from '../../plugins/openapi';

/** People (spec section 7, Configuration; DESIGN.md section 8 for who may manage whom). */
export const peopleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/getPeopleList',
    {
      config: { access: 'people' },
      schema: {
        tags: ['people'],
        summary: 'Users this user may manage',
        response: { 200: PeopleListResponse, ...errorsOf(403) },
      },
    },
    async (request) => {
      return listPeople(app.deps, request.user);
    },
  );
  app.get(
    '/getPeopleList/:id',
    {
      config: { access: 'people' },
      schema: {
        tags: ['people'],
        summary: 'One user',
        params: IdParam,
        response: { 200: PersonResponse, ...errorsOf(403, 404) },
      },
    },
    async (request) => {
      return getPerson(app.deps, request.user, request.params.id);
    },
  );
  app.post(
    '/savePeople',
    {
      config: { access: 'people' },
      schema: {
        codeRules: personCodeRules,
        tags: ['people'],
        summary: 'Add or edit a user',
        body: SavePeopleBody,
        response: { 200: SaveResponse, ...errorsOf(403, 404, 409) },
      },
    },
    async (request) => {
      return savePerson(app.deps, request.user, request.body.postData);
    },
  );
  app.post(
    '/deletePeople',
    {
      config: { access: 'people' },
      schema: {
        tags: ['people'],
        summary: 'Delete a user (deactivated when they have history)',
        body: DeleteBody,
        response: {
          200: z.object({ success: z.literal(1), details: z.string(), deactivated: z.boolean() }),
          ...errorsOf(403, 404, 409),
        },
      },
    },
    async (request) => {
      return deletePerson(app.deps, request.user, request.body.postData);
    },
  );
};
