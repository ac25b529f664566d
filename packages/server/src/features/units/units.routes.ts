import {
  DashboardData,
  EntryResponse,
  LogActionBody,
  MoveBody,
  MoveResponse,
  PrintResponse,
  PrintUnitNotesBody,
  ReseatBody,
  SaveUmbrellaNumberBody,
  SaveUnitNotesBody,
  TimeStampParam,
  UnitActionBody,
  UnitDetail,
  UnitIdParam,
  UnitResponse,
  UnitNotesParam,
  UnitTimeParam,
  UnitsQuery,
} from '@sandbar/contract/units';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Counter } from 'prom-client';
import { type BoardEncoding, boardCache, boardEncodings, etagMatches } from './board-cache';
import * as units from './units.service';
import { errorsOf } from '../../plugins/openapi';

const tags = ['units'];

// Prepared bytes go out as they are (no second serialisation), compressed from the day cache when
// the browser accepts it; @fastify/compress leaves a response that already has an encoding alone.
// A plain board carries its entity tag: the browser revalidates (no-cache) and an unchanged day
// is a 304 without a body.
function sendBoard(
  request: FastifyRequest,
  reply: FastifyReply,
  board: { body: Buffer; encoding?: BoardEncoding; etag?: string },
) {
  reply.header('vary', 'accept-encoding');
  if (board.etag) {
    reply.header('etag', board.etag).header('cache-control', 'private, no-cache');
    if (etagMatches(request.headers['if-none-match'], board.etag)) return reply.code(304).send();
  }
  if (board.encoding) reply.header('content-encoding', board.encoding);
  return reply.type('application/json; charset=utf-8').send(board.body as never);
}

/** Spec section 7, "Units and customers" (the board's calls; saveCustomer is the selling feature's). */
export const unitsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;

  // Boards built whole against boards patched (issue 25): a venue where builds keep pace with
  // changes is rebuilding its day, which a big venue cannot afford.
  new Counter({
    name: 'sandbar_board_builds_total',
    help: "Today's and past boards made by this instance: built whole, or patched (only changed units encoded).",
    labelNames: ['kind'],
    registers: [app.metrics.registry],
    collect() {
      const { built, patched } = boardCache(deps.events).counts;
      this.reset();
      this.inc({ kind: 'built' }, built);
      this.inc({ kind: 'patched' }, patched);
    },
  });

  // The dashboard is served as prepared JSON text (board-cache.ts); the schema documents it.
  app.get(
    '/getUnits',
    {
      config: { access: 'dashboard' },
      schema: {
        tags,
        summary: 'Dashboard data for today (locationIds: only those of your locations; ETag, 304 on If-None-Match)',
        querystring: UnitsQuery,
        response: { 200: DashboardData, ...errorsOf(403) },
      },
    },
    async (request, reply) => {
      const board = await units.getDashboardResponse(deps, request.user, {
        searchTerm: request.query.searchTerm,
        locationIds: request.query.locationIds,
        encodings: boardEncodings(request.headers['accept-encoding']),
      });
      return sendBoard(request, reply, board);
    },
  );

  app.get(
    '/getUnits/:timestamp',
    {
      config: { access: 'dashboard' },
      schema: {
        tags,
        summary: 'Dashboard data for the business day of a 10-digit timestamp (locationIds: only those locations)',
        params: TimeStampParam,
        querystring: UnitsQuery,
        response: { 200: DashboardData, ...errorsOf(403) },
      },
    },
    async (request, reply) => {
      const board = await units.getDashboardResponse(deps, request.user, {
        timestamp: request.params.timestamp,
        searchTerm: request.query.searchTerm,
        locationIds: request.query.locationIds,
        encodings: boardEncodings(request.headers['accept-encoding']),
      });
      return sendBoard(request, reply, board);
    },
  );

  app.get(
    '/getUnit/:id',
    {
      config: { access: 'dashboard' },
      schema: {
        tags,
        summary: 'One unit today',
        params: UnitIdParam,
        response: { 200: UnitDetail, ...errorsOf(403, 404) },
      },
    },
    async (request) => {
      return units.getUnit(deps, request.user, request.params.id);
    },
  );

  app.get(
    '/getUnit/:id/:currentTime',
    {
      config: { access: 'dashboard' },
      schema: {
        tags,
        summary: 'One unit on the day of a timestamp',
        params: UnitTimeParam,
        response: { 200: UnitDetail, ...errorsOf(403, 404) },
      },
    },
    async (request) => {
      return units.getUnit(deps, request.user, request.params.id, request.params.currentTime);
    },
  );

  app.post(
    '/saveUmbrellaNumber',
    {
      config: { access: 'dashboard' },
      schema: {
        tags,
        summary: 'Set Unit: number and type',
        body: SaveUmbrellaNumberBody,
        response: { 200: UnitResponse, ...errorsOf(403, 404, 409) },
      },
    },
    async (request) => {
      const unit = await units.saveUmbrellaNumber(deps, request.user, request.body.unitData);
      return { success: 1 as const, details: 'Unit saved.', unit };
    },
  );

  const actions = [
    ['/markOccupied', 'Mark a unit occupied (0, 1, 3 → 5)', units.markOccupied, 'Unit marked occupied.'],
    ['/markEmpty', 'Mark a unit empty (2, 4 → 3; 5 → 0)', units.markEmpty, 'Unit marked empty.'],
    ['/markOccupiedEmpty', 'Empty an occupied unit (5 → 0)', units.markOccupiedEmpty, 'Unit marked empty.'],
  ] as const;
  for (const [url, summary, action, details] of actions) {
    app.post(
      url,
      {
        config: { access: 'dashboard' },
        schema: { tags, summary, body: UnitActionBody, response: { 200: UnitResponse, ...errorsOf(403, 404, 409) } },
      },
      async (request) => {
        const unit = await action(deps, request.user, request.body.unitData);
        return { success: 1 as const, details, unit };
      },
    );
  }

  app.post(
    '/reseatCustomer',
    {
      config: { access: 'dashboard' },
      schema: {
        tags,
        summary: 'Re-seat a customer who left (3 → 2 or 4)',
        body: ReseatBody,
        response: { 200: UnitResponse, ...errorsOf(403, 404, 409) },
      },
    },
    async (request) => {
      const unit = await units.reseatCustomer(deps, request.user, request.body.unitData);
      return { success: 1 as const, details: 'Customer re-seated.', unit };
    },
  );

  app.post(
    '/moveCustomer',
    {
      config: { access: 'dashboard' },
      schema: {
        tags,
        summary: 'Move a customer to an empty unit',
        body: MoveBody,
        response: { 200: MoveResponse, ...errorsOf(403, 404, 409) },
      },
    },
    async (request) => {
      const r = await units.moveCustomer(deps, request.user, request.body);
      return { success: 1 as const, details: 'Customer moved.', moveCustomer: true as const, ...r };
    },
  );

  app.post(
    '/logAction',
    {
      config: { access: 'dashboard' },
      schema: {
        tags,
        summary: 'Add a log line to a unit',
        body: LogActionBody,
        response: { 200: EntryResponse, ...errorsOf(403, 404) },
      },
    },
    async (request) => {
      const { unitId, logText, timeStamp } = request.body;
      const entry = await units.addEntry(deps, request.user, { unitId, text: logText, kind: 'log', timeStamp });
      return { success: 1 as const, details: 'Log saved.', entry };
    },
  );

  app.post(
    '/saveUnitNotes/:unitId',
    {
      config: { access: 'dashboard' },
      schema: {
        tags,
        summary: 'Add a note to a unit',
        params: UnitNotesParam,
        body: SaveUnitNotesBody,
        response: { 200: EntryResponse, ...errorsOf(403, 404) },
      },
    },
    async (request) => {
      const entry = await units.addEntry(deps, request.user, {
        unitId: request.params.unitId,
        text: request.body.customNotes,
        kind: 'note',
        timeStamp: request.body.timeStamp,
      });
      return { success: 1 as const, details: 'Note saved.', entry };
    },
  );

  app.post(
    '/printUnitNotes',
    {
      config: { access: 'dashboard' },
      schema: {
        tags,
        summary: 'A unit note as ESC/POS for the Android printer',
        body: PrintUnitNotesBody,
        response: { 200: PrintResponse, ...errorsOf(403, 404) },
      },
    },
    async (request) => {
      return { PrintCode: await units.printUnitNote(deps, request.user, request.body.noteId) };
    },
  );
};
