import {
  GetConfigSettingsResponse,
  SaveConfigSettingsBody,
  SaveConfigSettingsResponse,
  settingsCodeRules,
} from '@sandbar/contract/settings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getConfigSettings, saveConfigSettings } from './settings.service';
import { errorsOf } from '../../plugins/openapi';

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/getConfigSettings',
    {
      config: { access: 'config' },
      schema: {
        tags: ['settings'],
        summary: 'The nine config settings and the venue settings',
        response: { 200: GetConfigSettingsResponse, ...errorsOf(403) },
      },
    },
    async () => getConfigSettings(app.deps),
  );

  app.post(
    '/saveConfigSettings',
    {
      config: { access: 'config' },
      schema: {
        codeRules: settingsCodeRules,
        tags: ['settings'],
        summary: 'Save settings; rich text is sanitised; applies from the next message on',
        body: SaveConfigSettingsBody,
        response: { 200: SaveConfigSettingsResponse, ...errorsOf(403) },
      },
    },
    async (request) => ({ success: 1 as const, details: await saveConfigSettings(app.deps, request.body) }),
  );
};
