import { DropoffReportQuery, VoidDropoffBody, VoidDropoffResponse } from '@sandbar/contract/dropoff';
import {
  DropoffReport,
  PrintCodeResponse,
  SaveDropoffNotesBody,
  SaveDropoffNotesResponse,
} from '@sandbar/contract/sales';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAccess } from '../../plugins/auth';
import * as service from './dropoff.service';
import { errorsOf } from '../../plugins/openapi';

export const dropoffRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/getDropoffReport',
    {
      schema: {
        tags: ['dropoff'],
        summary: "An agent's totals, cash on hand, drop-offs and customers today (agentId: A and S only)",
        querystring: DropoffReportQuery,
        response: { 200: DropoffReport, ...errorsOf(403, 404) },
      },
    },
    async (request) => {
      requireAccess(request, 'dropoff');
      return service.getDropoffReport(app.deps, request.user, request.query);
    },
  );

  app.post(
    '/saveDropoffNotes',
    {
      schema: {
        tags: ['dropoff'],
        summary: 'Record a cash drop-off',
        body: SaveDropoffNotesBody,
        response: { 200: SaveDropoffNotesResponse, ...errorsOf(403, 409) },
      },
    },
    async (request) => {
      requireAccess(request, 'dropoff');
      return service.saveDropoffNotes(app.deps, request.user, request.body);
    },
  );

  app.post(
    '/voidDropoff',
    {
      schema: {
        tags: ['dropoff'],
        summary: 'Void a drop-off with a reason (supervisors and admins); audited, left out of totals',
        body: VoidDropoffBody,
        response: { 200: VoidDropoffResponse, ...errorsOf(403, 404, 409) },
      },
    },
    async (request) => {
      requireAccess(request, 'dropoffVoid');
      return service.voidDropoff(app.deps, request.user, request.body);
    },
  );

  app.get(
    '/getPrintNotes',
    {
      schema: {
        tags: ['dropoff'],
        summary: 'The drop-off sheet as ESC/POS',
        response: { 200: PrintCodeResponse, ...errorsOf(403, 404) },
      },
    },
    async (request) => {
      requireAccess(request, 'dropoff');
      return service.getPrintNotes(app.deps, request.user);
    },
  );
};
