import { DropoffReportQuery, VoidDropoffBody, VoidDropoffResponse } from '@sandbar/contract/dropoff';
import {
  DropoffReport,
  PrintCodeResponse,
  SaveDropoffNotesBody,
  SaveDropoffNotesResponse,
} from '@sandbar/contract/sales';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as service from './dropoff.service';
import { errorsOf } from '../../plugins/openapi';

export const dropoffRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/getDropoffReport',
    {
      config: { access: 'dropoff' },
      schema: {
        tags: ['dropoff'],
        summary: "An agent's totals, cash on hand, drop-offs and customers today (agentId: A and S only)",
        querystring: DropoffReportQuery,
        response: { 200: DropoffReport, ...errorsOf(403, 404) },
      },
    },
    async (request) => {
      return service.getDropoffReport(app.deps, request.user, request.query);
    },
  );

  app.post(
    '/saveDropoffNotes',
    {
      config: { access: 'dropoff' },
      schema: {
        tags: ['dropoff'],
        summary: 'Record a cash drop-off',
        body: SaveDropoffNotesBody,
        response: { 200: SaveDropoffNotesResponse, ...errorsOf(403, 409) },
      },
    },
    async (request) => {
      return service.saveDropoffNotes(app.deps, request.user, request.body);
    },
  );

  app.post(
    '/voidDropoff',
    {
      config: { access: 'dropoffVoid' },
      schema: {
        tags: ['dropoff'],
        summary: 'Void a drop-off with a reason (supervisors and admins); audited, left out of totals',
        body: VoidDropoffBody,
        response: { 200: VoidDropoffResponse, ...errorsOf(403, 404, 409) },
      },
    },
    async (request) => {
      return service.voidDropoff(app.deps, request.user, request.body);
    },
  );

  app.get(
    '/getPrintNotes',
    {
      config: { access: 'dropoff' },
      schema: {
        tags: ['dropoff'],
        summary: 'The drop-off sheet as ESC/POS',
        response: { 200: PrintCodeResponse, ...errorsOf(403, 404) },
      },
    },
    async (request) => {
      return service.getPrintNotes(app.deps, request.user);
    },
  );
};
