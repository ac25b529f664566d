import {
  PrintCodeResponse,
  PrintReceiptBody,
  ReceiptCheckResponse,
  ReceiptIdParam,
  ReceiptResponse,
  ResendReceiptBody,
  UpdateReceiptBody,
} from '@sandbar/contract/sales';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as service from './receipts.service';
import { errorsOf } from '../../plugins/openapi';

export const receiptsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/getReceipt/:receiptId',
    {
      config: { access: 'public' },
      schema: {
        tags: ['receipts'],
        summary: 'Public receipt of one sale',
        security: [],
        params: ReceiptIdParam,
        response: { 200: ReceiptResponse, ...errorsOf(404) },
      },
    },
    async (request) => service.getReceipt(app.deps, request.params.receiptId),
  );

  app.post(
    '/resendReceipt',
    {
      config: { access: 'selling' },
      schema: {
        tags: ['receipts'],
        summary: "Send a customer's receipt again",
        body: ResendReceiptBody,
        response: { 200: ReceiptCheckResponse, ...errorsOf(403, 404) },
      },
    },
    async (request) => {
      return service.resendReceipt(app.deps, request.user, request.body, service.publicBase(app.deps, request));
    },
  );

  app.post(
    '/updateReceipt',
    {
      config: { access: 'selling' },
      schema: {
        tags: ['receipts'],
        summary: "Change a customer's receipt phone or e-mail and send it there",
        body: UpdateReceiptBody,
        response: { 200: ReceiptCheckResponse, ...errorsOf(403, 404) },
      },
    },
    async (request) => {
      return service.updateReceipt(app.deps, request.user, request.body, service.publicBase(app.deps, request));
    },
  );

  app.post(
    '/printReceipt',
    {
      config: { access: 'selling' },
      schema: {
        tags: ['receipts'],
        summary: 'ESC/POS receipt for the Android printer (reprints are recorded)',
        body: PrintReceiptBody,
        response: { 200: PrintCodeResponse, ...errorsOf(403, 404) },
      },
    },
    async (request) => {
      return service.printReceipt(app.deps, request.user, request.body, service.publicBase(app.deps, request));
    },
  );
};
