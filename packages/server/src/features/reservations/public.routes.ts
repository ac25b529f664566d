import {
  ManageTokenParam,
  PublicAvailability,
  PublicAvailabilityQuery,
  PublicBooking,
  PublicBookingBody,
  PublicBookingResponse,
  PublicWaitlistBody,
  PublicWaitlistResponse,
  publicBookingCodeRules,
  publicWaitlistCodeRules,
} from '@sandbar/contract/reservations';
import { PayLinkStart } from '@sandbar/contract/pay-links';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicBase } from '../../platform/public-url';
import { guestLane, hadItsTurn } from '../../platform/write-turns';
import { boardEncoding } from '../units/board-cache';
import * as service from './public.service';
import { closePublicDb } from './public-db';
import { closeLimits } from './public-limits';
import * as waitlist from './waitlist.service';
import { errorsOf } from '../../plugins/openapi';

const tags = ['public booking'];
const config = { access: 'public' } as const;
/**
 * A guest's call is a few hundred bytes (a booking with its extras under 2 KB): 16 KB is plenty,
 * and a 2 MB "notes" is a 413 before it is read, not a row (issue 32 defect 4).
 */
export const publicBodyLimit = 16 * 1024;

/** A guest's booking (POST /api/public/booking): the call the opening rush sends 200 at once. */
export function isGuestBookingCall(req: { method?: string; url?: string }): boolean {
  if (req.method !== 'POST' || !req.url) return false;
  const q = req.url.indexOf('?');
  return (q < 0 ? req.url : req.url.slice(0, q)) === '/api/public/booking';
}

// The guest's page calls (issue 24 point 4): no sign-in, under their own prefix /api/public/booking,
// each limited per IP (and a booking per phone / e-mail), answers without anyone else's data.
export const publicBookingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onClose', async () => {
    // The last page views counted in memory go to the shared table before the page's connections close.
    await closeLimits(app.deps);
    await closePublicDb(app.deps);
  });
  app.get(
    '/public/booking/availability',
    {
      config,
      schema: {
        tags,
        summary: 'Free and booked units of a day (no guest data) and the prices',
        querystring: PublicAvailabilityQuery,
        response: {
          200: PublicAvailability,
          304: z.null().describe('Unchanged since the ETag sent in If-None-Match (no body)'),
          ...errorsOf(404, 429),
        },
      },
    },
    async (request, reply) => {
      // The server keeps the answer until the day changes (availability-cache.ts); a phone or a
      // proxy may store it but asks again each time, and an unchanged day costs a 304.
      const a = await service.availabilityResponse(app.deps, request.query, {
        ip: request.ip,
        encoding: boardEncoding(request.headers['accept-encoding']),
        ifNoneMatch: request.headers['if-none-match'],
      });
      void reply.header('cache-control', 'public, no-cache').header('etag', a.etag).header('vary', 'accept-encoding');
      if (a.notModified) return reply.code(304).send(undefined as never);
      if (a.encoding) void reply.header('content-encoding', a.encoding);
      // Prepared bytes go out as they are: no second serialisation, no second compression.
      return reply.type('application/json; charset=utf-8').send(a.body as never);
    },
  );

  app.post(
    '/public/booking',
    {
      config,
      bodyLimit: publicBodyLimit,
      schema: {
        tags,
        summary: 'A guest books units for a day; the confirmation with a manage link goes by text or e-mail',
        body: PublicBookingBody,
        codeRules: publicBookingCodeRules,
        response: { 200: PublicBookingResponse, ...errorsOf(403, 404, 409, 429) },
      },
      // Each booking read, checked and begun in a turn of the event loop of its own (decision 330),
      // its body too: 200 phones' bodies parsed and checked in the poll that received them held
      // the loop 60–110 ms at the rush's start, and page views waited behind them (decision 375).
      // Through the server the turn comes before Fastify sees the request (laneFirstServer,
      // decision 376); here for the rest (app.inject).
      onRequest: async (request) => {
        if (!hadItsTurn(request.raw)) await guestLane(app.deps).turn();
      },
    },
    async (request) =>
      service.bookOnline(app.deps, request.body, {
        ip: request.ip,
        base: publicBase(app.deps.env, { protocol: request.protocol, host: request.host }),
      }),
  );

  app.get(
    '/public/booking/manage/:token',
    {
      config,
      schema: {
        tags,
        summary: "The guest's booking by its manage link",
        params: ManageTokenParam,
        response: { 200: PublicBooking, ...errorsOf(404, 429) },
      },
    },
    async (request) => service.viewByToken(app.deps, request.params.token, request.ip),
  );

  app.post(
    '/public/booking/manage/:token/cancel',
    {
      config,
      bodyLimit: publicBodyLimit,
      schema: {
        tags,
        summary: 'The guest cancels by the manage link',
        params: ManageTokenParam,
        response: { 200: PublicBooking, ...errorsOf(403, 404, 409, 429) },
      },
    },
    async (request) => service.cancelByToken(app.deps, request.params.token, request.ip),
  );

  app.post(
    '/public/booking/manage/:token/abandon',
    {
      config,
      schema: {
        tags,
        summary: 'The guest came back from the payment page without paying: the hold is let go (issue 33)',
        params: ManageTokenParam,
        response: { 200: PublicBooking, ...errorsOf(403, 404, 409, 429) },
      },
    },
    async (request) => service.abandonByToken(app.deps, request.params.token, request.ip),
  );

  app.post(
    '/public/booking/manage/:token/pay',
    {
      config,
      bodyLimit: publicBodyLimit,
      schema: {
        tags,
        summary:
          "The guest pays a payment link's booking (issue 33 point 7): the provider's page is opened and its address answered; an outage is a 503 and the booking stays held",
        params: ManageTokenParam,
        response: { 200: PayLinkStart, ...errorsOf(404, 409, 429) },
      },
    },
    async (request) =>
      service.payByToken(
        app.deps,
        request.params.token,
        request.ip,
        publicBase(app.deps.env, { protocol: request.protocol, host: request.host }),
      ),
  );

  app.post(
    '/public/booking/waitlist',
    {
      config,
      bodyLimit: publicBodyLimit,
      schema: {
        tags,
        summary: 'A guest waits for a unit of a full day; a freed unit is offered by text or e-mail',
        body: PublicWaitlistBody,
        codeRules: publicWaitlistCodeRules,
        response: { 200: PublicWaitlistResponse, ...errorsOf(404, 409, 429) },
      },
    },
    async (request) => waitlist.joinWaitlist(app.deps, request.body, request.ip),
  );

  app.post(
    '/public/booking/manage/:token/keep',
    {
      config,
      bodyLimit: publicBodyLimit,
      schema: {
        tags,
        summary: 'The guest keeps the unit a waitlist offer holds for them',
        params: ManageTokenParam,
        response: { 200: PublicBooking, ...errorsOf(403, 404, 409, 429) },
      },
    },
    async (request) => waitlist.keepByToken(app.deps, request.params.token, request.ip),
  );
};
