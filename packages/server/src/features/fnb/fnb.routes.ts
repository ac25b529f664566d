import {
  BumpFnbOrderBody,
  DeleteFnbBody,
  FnbMenu,
  FnbOpenTabs,
  FnbOpenTabsQuery,
  FnbReport,
  FnbReportQuery,
  FnbRefundsResponse,
  RefundFnbOnlineBody,
  RefundFnbOnlineResponse,
  RetryFnbRefundBody,
  RetryFnbRefundResponse,
  refundFnbOnlineCodeRules,
  FnbOrderResponse,
  FnbOrdersQuery,
  FnbOrdersResponse,
  FnbRunnerView,
  FnbStationParam,
  FnbStationQuery,
  FnbStationView,
  FnbTabResponse,
  FnbUnitCodes,
  FnbUnitCodesQuery,
  FnbUnitTabParam,
  MoveFnbOrderBody,
  RotateFnbUnitCodesBody,
  RotateFnbUnitCodesResponse,
  SaveFnbCategoryBody,
  SaveFnbItemBody,
  SaveFnbOrderBody,
  SaveFnbResponse,
  SetFnbSoldOutBody,
  SettleFnbTabBody,
  SettleFnbTabResponse,
  VoidFnbOrderBody,
  saveFnbCategoryCodeRules,
  saveFnbItemCodeRules,
  saveFnbOrderCodeRules,
  settleFnbTabCodeRules,
} from '@sandbar/contract/fnb';
import { IdParam, MessageResponse } from '@sandbar/contract/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicBase } from '../../platform/public-url';
import { errorsOf } from '../../plugins/openapi';
import * as codes from './codes.service';
import * as flow from './flow.service';
import * as menu from './menu.service';
import * as orders from './orders.service';
import * as tabs from './tabs.service';
import { fnbReport } from './fnb-report.service';
import { refundOnline } from './online-refund.service';
import { owedFnbRefunds, retryFnbRefund } from './refunds.service';
import { registerFnbPayments } from './online.service';

// Staff's F&B calls (issue 35, decision 350): thin — each validates by its contract schema,
// declares its access (decision 260) and hands the rules to its service; locations are checked
// there, by the data.

const tags = ['fnb'];
const baseOf = (app: { deps: { env: Parameters<typeof publicBase>[0] } }, r: { protocol: string; host: string }) =>
  publicBase(app.deps.env, { protocol: r.protocol, host: r.host });

export const fnbRoutes: FastifyPluginAsyncZod = async (app) => {
  // The payments webhook answers for F&B's own references (an order's or a tab's online payment).
  registerFnbPayments();
  // Menu ------------------------------------------------------------------------------------
  app.get(
    '/getFnbMenu',
    {
      config: { access: 'fnbOrders' },
      schema: {
        tags,
        summary: 'The F&B menu (every category and item, for Admin → Menu and order takers)',
        response: { 200: FnbMenu, ...errorsOf(403) },
      },
    },
    async () => menu.menuOut(app.deps, { activeOnly: false }),
  );
  app.post(
    '/saveFnbCategory',
    {
      config: { access: 'fnbMenu' },
      schema: {
        tags,
        summary: 'Add or edit a menu category',
        codeRules: saveFnbCategoryCodeRules,
        body: SaveFnbCategoryBody,
        response: { 200: SaveFnbResponse, ...errorsOf(403, 404) },
      },
    },
    async (request) => menu.saveCategory(app.deps, request.body),
  );
  app.post(
    '/deleteFnbCategory',
    {
      config: { access: 'fnbMenu' },
      schema: {
        tags,
        summary: 'Delete an empty menu category',
        body: DeleteFnbBody,
        response: { 200: MessageResponse, ...errorsOf(403, 404, 409) },
      },
    },
    async (request) => menu.deleteCategory(app.deps, request.body.id),
  );
  app.post(
    '/saveFnbItem',
    {
      config: { access: 'fnbMenu' },
      schema: {
        tags,
        summary: 'Add or edit a menu item with its choices (modifier groups)',
        codeRules: saveFnbItemCodeRules,
        body: SaveFnbItemBody,
        response: { 200: SaveFnbResponse, ...errorsOf(403, 404) },
      },
    },
    async (request) => menu.saveItem(app.deps, request.body),
  );
  app.post(
    '/deleteFnbItem',
    {
      config: { access: 'fnbMenu' },
      schema: {
        tags,
        summary: 'Delete a menu item (one ever ordered goes off the menu instead)',
        body: DeleteFnbBody,
        response: { 200: MessageResponse, ...errorsOf(403, 404) },
      },
    },
    async (request) => menu.deleteItem(app.deps, request.body.id),
  );
  app.post(
    '/setFnbSoldOut',
    {
      config: { access: 'fnbOrders' },
      schema: {
        tags,
        summary: 'The 86 switch: an item sold out (or back) on every phone and tablet at once',
        body: SetFnbSoldOutBody,
        response: { 200: SaveFnbResponse, ...errorsOf(403, 404) },
      },
    },
    async (request) => menu.setSoldOut(app.deps, request.user, request.body.itemId, request.body.soldOut),
  );

  // QR codes --------------------------------------------------------------------------------
  app.get(
    '/getFnbUnitCodes',
    {
      config: { access: 'fnbQr' },
      schema: {
        tags,
        summary: "A location's printable sheet of order codes (made on first ask)",
        querystring: FnbUnitCodesQuery,
        response: { 200: FnbUnitCodes, ...errorsOf(403, 404) },
      },
    },
    async (request) => codes.unitCodes(app.deps, request.query.locationId, baseOf(app, request)),
  );
  app.post(
    '/rotateFnbUnitCodes',
    {
      config: { access: 'fnbQr' },
      schema: {
        tags,
        summary: 'Replace every order code of a location (the old stickers stop working)',
        body: RotateFnbUnitCodesBody,
        response: { 200: RotateFnbUnitCodesResponse, ...errorsOf(403, 404) },
      },
    },
    async (request) => codes.rotateCodes(app.deps, request.user, request.body.locationId, baseOf(app, request)),
  );

  // Orders, stations, runners -----------------------------------------------------------------
  app.post(
    '/saveFnbOrder',
    {
      config: { access: 'fnbOrders' },
      schema: {
        tags,
        summary: "Staff order from the unit: to the unit's tab, the room, or paid now (replayed by clientOrderId)",
        codeRules: saveFnbOrderCodeRules,
        body: SaveFnbOrderBody,
        response: { 200: FnbOrderResponse, ...errorsOf(403, 404, 409, 429) },
      },
    },
    async (request) =>
      orders.saveStaffOrder(app.deps, request.user, request.body, { base: baseOf(app, request), log: request.log }),
  );
  app.get(
    '/getFnbOrders',
    {
      config: { access: 'fnbOrders' },
      schema: {
        tags,
        summary: "A day's F&B orders of the user's locations (or one unit's)",
        querystring: FnbOrdersQuery,
        response: { 200: FnbOrdersResponse, ...errorsOf(403) },
      },
    },
    async (request) => flow.dayOrders(app.deps, request.user, request.query),
  );
  app.get(
    '/getFnbStation/:station',
    {
      config: { access: 'fnbOrders' },
      schema: {
        tags,
        summary: "A station's open tickets, oldest first (its own lines only)",
        params: FnbStationParam,
        querystring: FnbStationQuery,
        response: { 200: FnbStationView, ...errorsOf(403) },
      },
    },
    async (request) => flow.stationView(app.deps, request.user, request.params.station, request.query.locationId),
  );
  app.post(
    '/bumpFnbOrder',
    {
      config: { access: 'fnbOrders' },
      schema: {
        tags,
        summary: "A station's ticket moves on: received → preparing → ready",
        body: BumpFnbOrderBody,
        response: { 200: FnbOrderResponse, ...errorsOf(403, 404, 409) },
      },
    },
    async (request) => flow.bump(app.deps, request.user, request.body.orderId, request.body.station),
  );
  app.get(
    '/getFnbRunner',
    {
      config: { access: 'fnbOrders' },
      schema: {
        tags,
        summary: 'Ready and on-its-way orders grouped by row, for the runners',
        querystring: FnbStationQuery,
        response: { 200: FnbRunnerView, ...errorsOf(403) },
      },
    },
    async (request) => flow.runnerView(app.deps, request.user, request.query.locationId),
  );
  app.post(
    '/moveFnbOrder',
    {
      config: { access: 'fnbOrders' },
      schema: {
        tags,
        summary: "The runner's steps: on its way, delivered (a room charge's sale is written when delivered)",
        body: MoveFnbOrderBody,
        response: { 200: FnbOrderResponse, ...errorsOf(403, 404, 409) },
      },
    },
    async (request) =>
      flow.move(app.deps, request.user, request.body.orderId, request.body.status, baseOf(app, request)),
  );
  app.post(
    '/voidFnbOrder',
    {
      config: { access: 'fnbVoid' },
      schema: {
        tags,
        summary: 'Void an order not yet delivered, with a reason (audited)',
        body: VoidFnbOrderBody,
        response: { 200: FnbOrderResponse, ...errorsOf(403, 404, 409) },
      },
    },
    async (request) => flow.voidOrder(app.deps, request.user, request.body.orderId, request.body.reason),
  );

  // Tabs --------------------------------------------------------------------------------------
  app.get(
    '/getFnbTab/:id',
    {
      config: { access: 'fnbOrders' },
      schema: {
        tags,
        summary: 'One tab with its orders',
        params: IdParam,
        response: { 200: FnbTabResponse, ...errorsOf(403, 404) },
      },
    },
    async (request) => tabs.getTab(app.deps, request.user, request.params.id),
  );
  app.get(
    '/getFnbUnitTab/:unitId',
    {
      config: { access: 'fnbOrders' },
      schema: {
        tags,
        summary: "A unit's tab today (null when none)",
        params: FnbUnitTabParam,
        response: { 200: FnbTabResponse, ...errorsOf(403, 404) },
      },
    },
    async (request) => tabs.getUnitTab(app.deps, request.user, request.params.unitId),
  );
  app.get(
    '/getFnbOpenTabs',
    {
      config: { access: 'fnbOrders' },
      schema: {
        tags,
        summary: 'Open tabs of a day (or of today and the days before: Needs attention)',
        querystring: FnbOpenTabsQuery,
        response: { 200: FnbOpenTabs, ...errorsOf(403) },
      },
    },
    async (request) => tabs.openTabs(app.deps, request.user, request.query),
  );
  app.post(
    '/settleFnbTab',
    {
      config: { access: 'fnbOrders' },
      schema: {
        tags,
        summary:
          "Settle a unit's tab with the existing methods, tip and signature (one sale; replayed by ourTransactionId)",
        body: SettleFnbTabBody,
        codeRules: settleFnbTabCodeRules,
        response: { 200: SettleFnbTabResponse, ...errorsOf(403, 404, 409) },
      },
    },
    async (request) => tabs.settleTab(app.deps, request.user, request.body, baseOf(app, request)),
  );
  app.get(
    '/getFnbAttention',
    {
      config: { access: 'fnbOrders' },
      schema: {
        tags,
        summary: "Tabs still open after their day in the user's locations (Needs attention)",
        response: { 200: FnbOpenTabs, ...errorsOf(403) },
      },
    },
    async (request) => ({ tabs: await tabs.staleOpenTabs(app.deps, request.user) }),
  );

  // Online refunds (decisions 368, 369) -------------------------------------------------------
  app.post(
    '/refundFnbOnline',
    {
      config: { access: 'fnbRefund' },
      schema: {
        tags,
        summary:
          'Refund money a guest paid online for an order or a tab, all or part, with a reason (audited; sent through the provider, retried until accepted)',
        body: RefundFnbOnlineBody,
        codeRules: refundFnbOnlineCodeRules,
        response: { 200: RefundFnbOnlineResponse, ...errorsOf(403, 404, 409) },
      },
    },
    async (request) => refundOnline(app.deps, request.user, request.body),
  );
  app.get(
    '/getFnbRefunds',
    {
      config: { access: 'fnbRefund' },
      schema: {
        tags,
        summary: "F&B refunds the payment provider has not accepted yet, in the user's locations (Needs attention)",
        response: { 200: FnbRefundsResponse, ...errorsOf(403) },
      },
    },
    async (request) => owedFnbRefunds(app.deps, request.user),
  );
  app.post(
    '/retryFnbRefund',
    {
      config: { access: 'fnbRefund' },
      schema: {
        tags,
        summary: 'Send a refused F&B refund again now (its own idempotency key: never refunded twice)',
        body: RetryFnbRefundBody,
        response: { 200: RetryFnbRefundResponse, ...errorsOf(403, 404, 409) },
      },
    },
    async (request) => retryFnbRefund(app.deps, request.user, request.body.id),
  );

  // Reports -----------------------------------------------------------------------------------
  app.get(
    '/getFnbReport',
    {
      config: { access: 'reports' },
      schema: {
        tags,
        summary: 'F&B by item, category, station, hour and server; voids; open tabs; rentals beside F&B per day',
        querystring: FnbReportQuery,
        response: { 200: FnbReport, ...errorsOf(403) },
      },
    },
    async (request) => fnbReport(app.deps, request.user, request.query),
  );
};
