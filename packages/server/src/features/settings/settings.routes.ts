import { ErrorResponse } from '@sandbar/contract/common';
import {
  GetConfigSettingsResponse,
  SaveConfigSettingsBody,
  SaveConfigSettingsResponse,
  settingsCodeRules,
} from '@sandbar/contract/settings';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAccess } from '../../plugins/auth';
import { getConfigSettings, saveConfigSettings } from './settings.service';

// Config is admin-only (DESIGN.md section 8); checked before the body is validated.
const adminsOnly = { onRequest: async (request: FastifyRequest) => requireAccess(request, 'config') };
const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse };

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/getConfigSettings',
    {
      ...adminsOnly,
      schema: {
        tags: ['settings'],
        summary: 'The nine config settings and the venue settings',
        response: { 200: GetConfigSettingsResponse, ...errors },
      },
    },
    async () => getConfigSettings(app.deps),
  );

  app.post(
    '/saveConfigSettings',
    {
      ...adminsOnly,
      schema: {
        codeRules: settingsCodeRules,
        tags: ['settings'],
        summary: 'Save settings; rich text is sanitised; applies from the next message on',
        body: SaveConfigSettingsBody,
        response: { 200: SaveConfigSettingsResponse, ...errors },
      },
    },
    async (request) => ({ success: 1 as const, details: await saveConfigSettings(app.deps, request.body) }),
  );
};
