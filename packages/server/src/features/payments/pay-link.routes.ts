import { IdParam } from '@sandbar/contract/common';
import {
  BookingPayLink,
  CancelPayLinkBody,
  PayLinkQuote,
  PayLinkQuoteBody,
  PayLinkResponse,
  PayLinksQuery,
  PayLinksResponse,
  ResendPayLinkBody,
  SendPayLinkBody,
} from '@sandbar/contract/pay-links';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicBase } from '../../platform/public-url';
import { errorsOf } from '../../plugins/openapi';
import * as service from './pay-link.service';

// Pay by link (issue 33 point 7, decision 310): staff's calls. Thin: the access area is declared
// (decision 260, the booking desk's), the service checks the user's locations and the booking.

const tags = ['payments'];
const bookings = { access: 'bookings' } as const;

export const payLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  const base = (request: { protocol: string; host: string }) =>
    publicBase(app.deps.env, { protocol: request.protocol, host: request.host });

  app.post(
    '/sendPaymentLink',
    {
      config: bookings,
      schema: {
        tags,
        summary:
          'Text or e-mail the guest of a booked, unpaid booking a link to pay the deposit or the whole booking online; the booking is held until paid or its time runs out',
        body: SendPayLinkBody,
        response: { 200: PayLinkResponse, ...errorsOf(403, 404, 409) },
      },
    },
    async (request) => service.sendPayLink(app.deps, request.user, request.body, { base: base(request) }),
  );

  app.post(
    '/resendPaymentLink',
    {
      config: bookings,
      schema: {
        tags,
        summary: "Send a booking's waiting payment link again (same amount and time), by text or e-mail",
        body: ResendPayLinkBody,
        response: { 200: PayLinkResponse, ...errorsOf(403, 404, 409) },
      },
    },
    async (request) => service.resendPayLink(app.deps, request.user, request.body, { base: base(request) }),
  );

  app.post(
    '/cancelPaymentLink',
    {
      config: bookings,
      schema: {
        tags,
        summary: "Cancel a booking's waiting payment link: it stops working, the booking is kept (to pay at the beach)",
        body: CancelPayLinkBody,
        response: { 200: PayLinkResponse, ...errorsOf(403, 404, 409) },
      },
    },
    async (request) => service.cancelPayLink(app.deps, request.user, request.body.id),
  );

  app.get(
    '/getPaymentLink/:id',
    {
      config: bookings,
      schema: {
        tags,
        summary: "A booking's newest payment link and what a new one would ask",
        params: IdParam,
        response: { 200: BookingPayLink, ...errorsOf(403, 404) },
      },
    },
    async (request) => service.bookingPayLink(app.deps, request.user, request.params.id),
  );

  app.get(
    '/getPaymentLinks',
    {
      config: bookings,
      schema: {
        tags,
        summary: "The payment links of a day's bookings in the user's locations (waiting, paid, expired, cancelled)",
        querystring: PayLinksQuery,
        response: { 200: PayLinksResponse, ...errorsOf(403) },
      },
    },
    async (request) => service.dayPayLinks(app.deps, request.user, request.query),
  );

  app.post(
    '/quotePaymentLink',
    {
      config: bookings,
      schema: {
        tags,
        summary: 'What a payment link would ask for units not yet booked (the deposit and the whole booking)',
        body: PayLinkQuoteBody,
        response: { 200: PayLinkQuote, ...errorsOf(403) },
      },
    },
    async (request) => service.quoteNewBooking(app.deps, request.body),
  );
};
