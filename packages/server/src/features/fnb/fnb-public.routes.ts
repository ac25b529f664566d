import {
  FnbTokenParam,
  PlaceFnbOrderBody,
  PlaceFnbOrderResponse,
  PublicFnbMenuQuery,
  PublicFnbPage,
  PublicFnbStatus,
  PublicFnbStatusQuery,
  PublicFnbTab,
  PublicFnbTabBody,
  PublicPayTabBody,
  PublicPayTabResponse,
  placeFnbOrderCodeRules,
} from '@sandbar/contract/fnb';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicBase } from '../../platform/public-url';
import { errorsOf } from '../../plugins/openapi';
import * as orders from './orders.service';
import * as guest from './public.service';
import { payTabOnline } from './online.service';
import { takeRead } from './public-reads';

// The guest's order page calls (issue 35 point 3), under /api/public/order/<token>: no sign-in,
// the unit known from its code, answers in the guest's language, limits per unit and address.

const tags = ['public order'];
const config = { access: 'public' } as const;
/** A guest's order is a few KB at most (30 lines with notes): a bigger body is a 413 before it is read. */
const publicBodyLimit = 16 * 1024;

export const fnbPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/public/order/:token',
    {
      config,
      schema: {
        tags,
        summary: "The unit's order page: the menu, the ways to pay here now, the unit's tab total",
        params: FnbTokenParam,
        querystring: PublicFnbMenuQuery,
        response: { 200: PublicFnbPage, ...errorsOf(404, 429) },
      },
    },
    async (request) => {
      takeRead(app.deps, request.ip, request.params.token, request.query.lang ?? 'en');
      return guest.guestPage(app.deps, request.params.token, request.query.lang ?? 'en');
    },
  );
  app.post(
    '/public/order/:token',
    {
      config,
      bodyLimit: publicBodyLimit,
      schema: {
        tags,
        summary: "A guest's order from the unit: to the unit's tab (last 4 of the party's phone) or the room",
        codeRules: placeFnbOrderCodeRules,
        params: FnbTokenParam,
        body: PlaceFnbOrderBody,
        response: { 200: PlaceFnbOrderResponse, ...errorsOf(404, 409, 429) },
      },
    },
    async (request) => {
      const unit = await guest.unitForToken(app.deps, request.params.token, request.body.languageCode);
      return orders.placeGuestOrder(app.deps, unit, request.body, {
        ip: request.ip,
        base: publicBase(app.deps.env, { protocol: request.protocol, host: request.host }),
        token: request.params.token,
        log: request.log,
      });
    },
  );
  app.get(
    '/public/order/:token/status',
    {
      config,
      schema: {
        tags,
        summary: "The guest's own orders of this unit, by the clientOrderIds this phone made (never by number)",
        params: FnbTokenParam,
        querystring: PublicFnbStatusQuery.extend(PublicFnbMenuQuery.shape),
        response: { 200: PublicFnbStatus, ...errorsOf(404, 429) },
      },
    },
    async (request) => {
      takeRead(app.deps, request.ip, request.params.token, request.query.lang ?? 'en');
      return guest.guestStatus(app.deps, request.params.token, request.query.keys, request.query.lang ?? 'en');
    },
  );
  app.post(
    '/public/order/:token/tab',
    {
      config,
      bodyLimit: publicBodyLimit,
      schema: {
        tags,
        summary: "The unit's tab today, for a guest who gives the last 4 of the party's phone (decision 355)",
        params: FnbTokenParam,
        body: PublicFnbTabBody,
        response: { 200: PublicFnbTab, ...errorsOf(404, 409, 429) },
      },
    },
    async (request) => {
      takeRead(app.deps, request.ip, request.params.token, request.body.languageCode);
      const unit = await guest.unitForToken(app.deps, request.params.token, request.body.languageCode);
      return guest.guestTab(app.deps, unit, request.body);
    },
  );
  app.post(
    '/public/order/:token/pay-tab',
    {
      config,
      bodyLimit: publicBodyLimit,
      schema: {
        tags,
        summary: "The guest pays the unit's tab online (the last 4 of the party's phone again): the provider's page",
        params: FnbTokenParam,
        body: PublicPayTabBody,
        response: { 200: PublicPayTabResponse, ...errorsOf(404, 409, 429) },
      },
    },
    async (request) => {
      const unit = await guest.unitForToken(app.deps, request.params.token, request.body.languageCode);
      return payTabOnline(app.deps, unit, request.body, {
        base: publicBase(app.deps.env, { protocol: request.protocol, host: request.host }),
        token: request.params.token,
      });
    },
  );
};
