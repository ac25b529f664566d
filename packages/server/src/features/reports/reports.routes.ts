import { IdParam } from '@sandbar/contract/common';
import {
  CorrectionResponse,
  DeleteMultiBody,
  DeleteTransactionBody,
  GetReportParams,
  GetSearchReportParams,
  GetSearchReportQuery,
  GetTipBody,
  GetTipResponse,
  LookupTransactionBody,
  ReportData,
  ReportListResponse,
  ReportResponse,
  RestoreTransactionBody,
  SaveEmailAddressesBody,
  SaveEmailAddressesResponse,
  SaveReportListBody,
  SaveReportListResponse,
  SendEmailReportResponse,
  SaveTipBody,
  SaveTransactionBody,
  SwitchTransactionBody,
  TransactionDetail,
  reportTexts,
} from '@sandbar/contract/reports';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as corrections from './corrections.service';
import * as service from './reports.service';
import * as subscribers from './subscribers.service';
import { errorsOf } from '../../plugins/openapi';

/** Reports and admin corrections (spec section 7, "Reports and drop-off"). */
export const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/getReport/:type/:timestamp',
    {
      config: { access: 'reports' },
      schema: {
        tags: ['reports'],
        summary: 'One business day of a report type (timestamp: 10-digit epoch seconds)',
        params: GetReportParams,
        response: { 200: ReportData, ...errorsOf(403, 404) },
      },
    },
    async (request) => service.getReport(app.deps, request.user, request.params.type, request.params.timestamp),
  );

  app.get(
    '/getSearchReport/:type/:startMs/:endMs',
    {
      config: { access: 'reports' },
      schema: {
        tags: ['reports'],
        summary:
          'A searchable report type over a range of days (epoch milliseconds); the list types answer in pages (after, limit)',
        params: GetSearchReportParams,
        querystring: GetSearchReportQuery,
        response: { 200: ReportData, ...errorsOf(403, 404) },
      },
    },
    async (request) =>
      service.getSearchReport(
        app.deps,
        request.user,
        request.params.type,
        request.params.startMs,
        request.params.endMs,
        request.query,
      ),
  );

  app.post(
    '/deleteTransaction',
    {
      config: { access: 'reportCorrections', forbiddenText: reportTexts.onlyAdminsCorrect },
      schema: {
        tags: ['reports'],
        summary: 'Soft-delete one sale (admins; restorable)',
        body: DeleteTransactionBody,
        response: { 200: CorrectionResponse, ...errorsOf(403, 404) },
      },
    },
    async (request) =>
      corrections.deleteTransactions(app.deps, request.user, [request.body.deleteId], request.body.reason),
  );
  app.post(
    '/deleteMultiTransaction',
    {
      config: { access: 'reportCorrections', forbiddenText: reportTexts.onlyAdminsCorrect },
      schema: {
        tags: ['reports'],
        summary: 'Soft-delete several sales (admins)',
        body: DeleteMultiBody,
        response: { 200: CorrectionResponse, ...errorsOf(403, 404) },
      },
    },
    async (request) =>
      corrections.deleteTransactions(app.deps, request.user, request.body.deleteIds, request.body.reason),
  );
  app.post(
    '/deleteTipMultiTransaction',
    {
      config: { access: 'reportCorrections', forbiddenText: reportTexts.onlyAdminsCorrect },
      schema: {
        tags: ['reports'],
        summary: 'Remove the tips of several sales, keeping the sales (tip reports)',
        body: DeleteMultiBody,
        response: { 200: CorrectionResponse, ...errorsOf(403, 404) },
      },
    },
    async (request) => corrections.deleteTips(app.deps, request.user, request.body.deleteIds, request.body.reason),
  );
  app.post(
    '/restoreTransaction',
    {
      config: { access: 'reportCorrections', forbiddenText: reportTexts.onlyAdminsCorrect },
      schema: {
        tags: ['reports'],
        summary: 'Restore a deleted sale (admins)',
        body: RestoreTransactionBody,
        response: { 200: CorrectionResponse, ...errorsOf(403, 404) },
      },
    },
    async (request) =>
      corrections.restoreTransaction(app.deps, request.user, request.body.transactionId, request.body.reason),
  );
  app.post(
    '/saveTransaction',
    {
      config: { access: 'reportCorrections', forbiddenText: reportTexts.onlyAdminsCorrect },
      schema: {
        tags: ['reports'],
        summary: "Edit a sale's price before tip (admins)",
        body: SaveTransactionBody,
        response: { 200: CorrectionResponse, ...errorsOf(403, 404) },
      },
    },
    async (request) =>
      corrections.saveTransactionPrice(
        app.deps,
        request.user,
        request.body.transactionId,
        request.body.price,
        request.body.reason,
      ),
  );
  app.post(
    '/getTip',
    {
      config: { access: 'reportCorrections', forbiddenText: reportTexts.onlyAdminsCorrect },
      schema: {
        tags: ['reports'],
        summary: "A sale's tip (admins)",
        body: GetTipBody,
        response: { 200: GetTipResponse, ...errorsOf(403, 404) },
      },
    },
    async (request) => corrections.getTip(app.deps, request.body.transactionId),
  );
  app.post(
    '/saveTip',
    {
      config: { access: 'reportCorrections', forbiddenText: reportTexts.onlyAdminsCorrect },
      schema: {
        tags: ['reports'],
        summary: "Edit a sale's tip (admins)",
        body: SaveTipBody,
        response: { 200: CorrectionResponse, ...errorsOf(403, 404) },
      },
    },
    async (request) =>
      corrections.saveTip(app.deps, request.user, request.body.transactionId, request.body.tip, request.body.reason),
  );
  app.post(
    '/switchTransaction',
    {
      config: { access: 'reportCorrections', forbiddenText: reportTexts.onlyAdminsCorrect },
      schema: {
        tags: ['reports'],
        summary: "Move a room charge to another hotel (reportType: the target's RoomCharge type)",
        body: SwitchTransactionBody,
        response: { 200: CorrectionResponse, ...errorsOf(403, 404) },
      },
    },
    async (request) =>
      corrections.switchTransaction(
        app.deps,
        request.user,
        request.body.customerId,
        request.body.reportType,
        request.body.reason,
      ),
  );
  app.post(
    '/lookupTransaction',
    {
      config: { access: 'reportCorrections', forbiddenText: reportTexts.onlyAdminsCorrect },
      schema: {
        tags: ['reports'],
        summary: 'View Transaction Details: date, notes, tip and correction history (admins)',
        body: LookupTransactionBody,
        response: { 200: TransactionDetail, ...errorsOf(403, 404) },
      },
    },
    async (request) => corrections.lookupTransaction(app.deps, request.body.viewTransactionId),
  );

  app.get(
    '/sendEmailReport/:type/:timestamp',
    {
      config: { access: 'reportMail', forbiddenText: reportTexts.onlyAdminsEmail },
      schema: {
        tags: ['reports'],
        summary: "Queue one day of a report to its subscribers (and a hotel's contacts) through the outbox",
        params: GetReportParams,
        response: { 200: SendEmailReportResponse, ...errorsOf(403, 404) },
      },
    },
    async (request) => subscribers.sendEmailReport(app.deps, request.params.type, request.params.timestamp),
  );
  app.post(
    '/saveEmailAddresses',
    {
      config: { access: 'reportMail', forbiddenText: reportTexts.onlyAdminsEmail },
      schema: {
        tags: ['reports'],
        summary: "A report's subscribers (comma-separated addresses)",
        body: SaveEmailAddressesBody,
        response: { 200: SaveEmailAddressesResponse, ...errorsOf(403, 404) },
      },
    },
    async (request) => subscribers.saveEmailAddresses(app.deps, request.body.reportType, request.body.emailAddresses),
  );
  app.get(
    '/getReportList',
    {
      config: { access: 'reportsConfig' },
      schema: {
        tags: ['reports'],
        summary: 'Reports Config list',
        response: { 200: ReportListResponse, ...errorsOf(403) },
      },
    },
    async () => subscribers.listReports(app.deps),
  );
  app.get(
    '/getReportList/:id',
    {
      config: { access: 'reportsConfig' },
      schema: {
        tags: ['reports'],
        summary: 'One report config',
        params: IdParam,
        response: { 200: ReportResponse, ...errorsOf(403, 404) },
      },
    },
    async (request) => subscribers.getReportConfig(app.deps, request.params.id),
  );
  app.post(
    '/saveReportList',
    {
      config: { access: 'reportsConfig' },
      schema: {
        tags: ['reports'],
        summary: "Save a report's name and subscribers (its type is read-only)",
        body: SaveReportListBody,
        response: { 200: SaveReportListResponse, ...errorsOf(403, 404) },
      },
    },
    async (request) => subscribers.saveReportConfig(app.deps, request.body.postData),
  );
};
