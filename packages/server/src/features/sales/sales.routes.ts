import {
  CheckItemPriceBody,
  CheckItemPriceResponse,
  CheckReceiptInfoBody,
  HoldUnitBody,
  HoldUnitResponse,
  ReceiptCheckResponse,
  ReleaseUnitsBody,
  ReleaseUnitsResponse,
  SaleCatalogue,
  SaveCustomerBody,
  SaveCustomerResponse,
  SearchWyndhamBody,
  SearchWyndhamResponse,
} from '@sandbar/contract/sales';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { checkReceiptInfo, publicBase } from '../receipts/receipts.service';
import { checkItemPrice, getSaleCatalogue } from './catalogue.service';
import { holdUnit, releaseUnits } from './holds.service';
import { searchWyndham } from './roster.service';
import { saveCustomer } from './sales.service';
import { errorsOf } from '../../plugins/openapi';

export const salesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/saveCustomer',
    {
      config: { access: 'selling' },
      schema: {
        tags: ['sales'],
        summary: 'Record a sale of one unit or a cart (idempotent on ourTransactionId)',
        body: SaveCustomerBody,
        response: { 200: SaveCustomerResponse, ...errorsOf(403, 404, 409) },
      },
    },
    async (request) => {
      return saveCustomer(
        app.deps,
        request.user,
        request.body.customerData,
        publicBase(app.deps, request),
        request.log,
      );
    },
  );

  app.post(
    '/holdUnit',
    {
      config: { access: 'selling' },
      schema: {
        tags: ['sales'],
        summary: "Hold a unit for a cart ('Add More Unit(s)'): status 1 for ten minutes",
        body: HoldUnitBody,
        response: { 200: HoldUnitResponse, ...errorsOf(403, 404, 409) },
      },
    },
    async (request) => {
      return holdUnit(app.deps, request.user, request.body);
    },
  );

  app.post(
    '/releaseUnits',
    {
      config: { access: 'selling' },
      schema: {
        tags: ['sales'],
        summary: "Release a cart's holds ('Cancel Order'), or only the units named",
        body: ReleaseUnitsBody,
        response: { 200: ReleaseUnitsResponse, ...errorsOf(403) },
      },
    },
    async (request) => {
      return releaseUnits(app.deps, request.user, request.body);
    },
  );

  app.get(
    '/getSaleCatalogue',
    {
      config: { access: 'selling' },
      schema: {
        tags: ['sales'],
        summary: 'Price list, hotels and the venue pricing hour for the sale wizard',
        response: { 200: SaleCatalogue, ...errorsOf(403) },
      },
    },
    async () => {
      return getSaleCatalogue(app.deps);
    },
  );

  app.post(
    '/searchWyndham',
    {
      config: { access: 'selling' },
      schema: {
        tags: ['sales'],
        summary: 'Hotel guest search by last name and/or room',
        body: SearchWyndhamBody,
        response: { 200: SearchWyndhamResponse, ...errorsOf(403) },
      },
    },
    async (request) => {
      return searchWyndham(app.deps, request.body.customerData, request.log);
    },
  );

  app.post(
    '/checkItemPrice',
    {
      config: { access: 'selling' },
      schema: {
        tags: ['sales'],
        summary: 'Retail value of the chosen items',
        body: CheckItemPriceBody,
        response: { 200: CheckItemPriceResponse, ...errorsOf(403) },
      },
    },
    async (request) => {
      return checkItemPrice(app.deps, request.body);
    },
  );

  app.post(
    '/checkReceiptInfo',
    {
      config: { access: 'selling' },
      schema: {
        tags: ['sales'],
        summary: 'Check a receipt phone number or e-mail address',
        body: CheckReceiptInfoBody,
        response: { 200: ReceiptCheckResponse, ...errorsOf(403) },
      },
    },
    async (request) => {
      return checkReceiptInfo(request.body);
    },
  );
};
