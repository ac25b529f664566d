import { IdParam, MessageResponse } from '@sandbar/contract/common';
import {
  DailyLogList,
  DailyLogResponse,
  DeleteDailyLogBody,
  SaveDailyLogBody,
  SaveDailyLogResponse,
  dailyLogTexts,
} from '@sandbar/contract/daily-log';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getDailyLog, getDailyLogList, removeDailyLog, saveDailyLog } from './daily-log.service';
import { errorsOf } from '../../plugins/openapi';

export const dailyLogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/getDailyLogList',
    {
      config: { access: 'dailyLog' },
      schema: {
        tags: ['daily log'],
        summary: 'Daily logs (newest first) and the form fields',
        response: { 200: DailyLogList, ...errorsOf(403) },
      },
    },
    async () => getDailyLogList(app.deps),
  );

  app.get(
    '/getDailyLogList/:id',
    {
      config: { access: 'dailyLog' },
      schema: {
        tags: ['daily log'],
        summary: 'One daily log with the form fields',
        params: IdParam,
        response: { 200: DailyLogResponse, ...errorsOf(403, 404) },
      },
    },
    async (request) => getDailyLog(app.deps, request.params.id),
  );

  app.post(
    '/saveDailyLog',
    {
      config: { access: 'dailyLog' },
      schema: {
        tags: ['daily log'],
        summary: 'Add (no id) or change a daily log; one log per date (409 for a taken date)',
        body: SaveDailyLogBody,
        response: { 200: SaveDailyLogResponse, ...errorsOf(403, 404, 409) },
      },
    },
    async (request) => {
      const id = await saveDailyLog(app.deps, request.user, request.body);
      return { success: 1 as const, details: dailyLogTexts.saved, id };
    },
  );

  app.post(
    '/deleteDailyLog',
    {
      config: { access: 'dailyLog' },
      schema: {
        tags: ['daily log'],
        summary: 'Delete a daily log (admins)',
        body: DeleteDailyLogBody,
        response: { 200: MessageResponse, ...errorsOf(403, 404) },
      },
    },
    async (request) => ({
      success: 1 as const,
      details: await removeDailyLog(app.deps, request.user.userType, request.body.postData),
    }),
  );
};
