import { IdParam, MessageResponse } from '@sandbar/contract/common';
import {
  DeleteLogDetailsBody,
  LogDetailResponse,
  LogDetailsList,
  SaveLogDetailsBody,
  SaveLogDetailsResponse,
} from '@sandbar/contract/log-details';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getLogDetail, getLogDetails, removeLogDetail, saveLogDetail } from './log-details.service';
import { errorsOf } from '../../plugins/openapi';

/** Daily-log field definitions (spec section 7), admins only (DESIGN.md section 8). */
export const logDetailsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/getLogDetailsList',
    {
      config: { access: 'logDetails' },
      schema: {
        tags: ['log details'],
        summary: 'Daily-log field definitions',
        response: { 200: LogDetailsList, ...errorsOf(403) },
      },
    },
    async () => {
      return { logDetails: await getLogDetails(app.deps) };
    },
  );

  app.get(
    '/getLogDetailsList/:id',
    {
      config: { access: 'logDetails' },
      schema: {
        tags: ['log details'],
        summary: 'One daily-log field definition',
        params: IdParam,
        response: { 200: LogDetailResponse, ...errorsOf(403, 404) },
      },
    },
    async (request) => {
      return { logDetail: await getLogDetail(app.deps, request.params.id) };
    },
  );

  app.post(
    '/saveLogDetails',
    {
      config: { access: 'logDetails' },
      schema: {
        tags: ['log details'],
        summary: 'Add (no id) or change a daily-log field',
        body: SaveLogDetailsBody,
        response: { 200: SaveLogDetailsResponse, ...errorsOf(403, 404, 409) },
      },
    },
    async (request) => {
      const id = await saveLogDetail(app.deps, request.body.postData);
      return { type: 'saveLogDetail' as const, success: 1 as const, id };
    },
  );

  app.post(
    '/deleteLogDetails',
    {
      config: { access: 'logDetails' },
      schema: {
        tags: ['log details'],
        summary: 'Delete a daily-log field',
        body: DeleteLogDetailsBody,
        response: { 200: MessageResponse, ...errorsOf(403, 404) },
      },
    },
    async (request) => {
      return { success: 1 as const, details: await removeLogDetail(app.deps, request.body.postData) };
    },
  );
};
