import { ErrorResponse } from '@sandbar/contract/common';
import {
  DropoffReport,
  PrintCodeResponse,
  SaveDropoffNotesBody,
  SaveDropoffNotesResponse,
} from '@sandbar/contract/sales';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAccess } from '../../plugins/auth';
import * as service from './dropoff.service';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse };

export const dropoffRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/getDropoffReport',
    {
      schema: {
        tags: ['dropoff'],
        summary: "The signed-in agent's totals, cash on hand, drop-offs and customers today",
        response: { 200: DropoffReport, ...errors },
      },
    },
    async (request) => {
      requireAccess(request, 'dropoff');
      return service.getDropoffReport(app.deps, request.user);
    },
  );

  app.post(
    '/saveDropoffNotes',
    {
      schema: {
        tags: ['dropoff'],
        summary: 'Record a cash drop-off',
        body: SaveDropoffNotesBody,
        response: { 200: SaveDropoffNotesResponse, ...errors },
      },
    },
    async (request) => {
      requireAccess(request, 'dropoff');
      return service.saveDropoffNotes(app.deps, request.user, request.body);
    },
  );

  app.get(
    '/getPrintNotes',
    {
      schema: {
        tags: ['dropoff'],
        summary: 'The drop-off sheet as ESC/POS',
        response: { 200: PrintCodeResponse, ...errors },
      },
    },
    async (request) => {
      requireAccess(request, 'dropoff');
      return service.getPrintNotes(app.deps, request.user);
    },
  );
};
