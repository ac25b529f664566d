import { IdParam } from '@sandbar/contract/common';
import {
  AddDepositBody,
  BookingBoard,
  BookingBoardQuery,
  CancelPolicy,
  CancelReservationBody,
  MoveReservationBody,
  moveReservationCodeRules,
  NoShowBody,
  Reservation,
  ReservationResponse,
  ReservationsQuery,
  ReservationsResponse,
  RemoveWaitlistBody,
  SaveReservationBody,
  StaffWaitlistBody,
  WaitlistChangeResponse,
  WaitlistQuery,
  WaitlistResponse,
  saveReservationCodeRules,
  staffWaitlistCodeRules,
} from '@sandbar/contract/reservations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as service from './reservations.service';
import * as payLinks from '../payments/pay-link.service';
import * as staffWaitlist from './waitlist-staff.service';
import { errorsOf } from '../../plugins/openapi';
import { publicBase } from '../../platform/public-url';

const tags = ['reservations'];

// Staff calls of advance bookings (issue 24). Thin: validate, authorise the role, hand over; the
// service checks the user's locations on every call.

export const reservationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/saveReservation',
    {
      config: { access: 'bookings' },
      schema: {
        codeRules: saveReservationCodeRules,
        tags,
        summary:
          'Book units ahead for a guest (desk or phone), optionally with a deposit; sendConfirmation texts (else e-mails) the guest a manage link; payLink instead texts or e-mails a link to pay online and holds the booking until paid',
        body: SaveReservationBody,
        response: { 200: ReservationResponse, ...errorsOf(403, 404, 409) },
      },
    },
    async (request) => {
      const ctx = { base: publicBase(app.deps.env, { protocol: request.protocol, host: request.host }) };
      const { payLink } = request.body;
      // A payment link instead of a deposit at the desk (issue 33 point 7): held until paid.
      if (payLink) return payLinks.saveWithLink(app.deps, request.user, { ...request.body, payLink }, ctx);
      return service.saveReservation(app.deps, request.user, request.body, ctx);
    },
  );

  app.get(
    '/getReservations',
    {
      config: { access: 'bookings' },
      schema: {
        tags,
        summary: "A day's reservations in the user's locations",
        querystring: ReservationsQuery,
        response: { 200: ReservationsResponse, ...errorsOf(403) },
      },
    },
    async (request) => {
      return service.listReservations(app.deps, request.user, request.query);
    },
  );

  app.get(
    '/getBookingBoard',
    {
      config: { access: 'bookings' },
      schema: {
        tags,
        summary: 'The units of a day to book from, with who holds each booked one (today up to the booking window)',
        querystring: BookingBoardQuery,
        response: { 200: BookingBoard, ...errorsOf(403) },
      },
    },
    async (request) => {
      return service.getBookingBoard(app.deps, request.user, request.query);
    },
  );

  app.get(
    '/getReservation/:id',
    {
      config: { access: 'bookings' },
      schema: {
        tags,
        summary: 'One reservation',
        params: IdParam,
        response: { 200: Reservation, ...errorsOf(403, 404) },
      },
    },
    async (request) => {
      return service.getReservation(app.deps, request.user, request.params.id);
    },
  );

  app.post(
    '/moveReservation',
    {
      config: { access: 'bookings' },
      schema: {
        codeRules: moveReservationCodeRules,
        tags,
        summary: 'Move a reservation to other units and/or days (all or nothing)',
        body: MoveReservationBody,
        response: { 200: ReservationResponse, ...errorsOf(403, 404, 409) },
      },
    },
    async (request) => {
      return service.moveReservation(app.deps, request.user, request.body);
    },
  );

  app.post(
    '/cancelReservation',
    {
      config: { access: 'bookings' },
      schema: {
        tags,
        summary:
          "Cancel a reservation with a reason; the venue's cut-off refunds or keeps its deposit (A, S may override with a reason)",
        body: CancelReservationBody,
        response: { 200: ReservationResponse, ...errorsOf(403, 404, 409) },
      },
    },
    async (request) => {
      return service.cancelReservation(app.deps, request.user, request.body);
    },
  );

  app.get(
    '/getCancelPolicy/:id',
    {
      config: { access: 'bookings' },
      schema: {
        tags,
        summary: "What cancelling a reservation now does to its deposit under the venue's cut-off",
        params: IdParam,
        response: { 200: CancelPolicy, ...errorsOf(403, 404) },
      },
    },
    async (request) => {
      return service.getCancelPolicy(app.deps, request.user, request.params.id);
    },
  );

  app.post(
    '/markReservationNoShow',
    {
      config: { access: 'bookings' },
      schema: {
        tags,
        summary: 'Release a reservation as a no-show with a reason; its units go back on sale',
        body: NoShowBody,
        response: { 200: ReservationResponse, ...errorsOf(403, 404, 409) },
      },
    },
    async (request) => {
      return service.markNoShow(app.deps, request.user, request.body);
    },
  );

  app.post(
    '/confirmReservation',
    {
      config: { access: 'bookings' },
      schema: {
        tags,
        summary: 'Confirm a booking that waits for staff (online, by the venue rule)',
        body: IdParam,
        response: { 200: ReservationResponse, ...errorsOf(403, 404, 409) },
      },
    },
    async (request) => {
      return service.confirmReservation(app.deps, request.user, request.body.id);
    },
  );

  app.post(
    '/addReservationDeposit',
    {
      config: { access: 'bookings' },
      schema: {
        tags,
        summary: 'Take a deposit on a reservation (counts on the day it is taken)',
        body: AddDepositBody,
        response: { 200: ReservationResponse, ...errorsOf(403, 404, 409) },
      },
    },
    async (request) => {
      return service.addDeposit(app.deps, request.user, request.body);
    },
  );

  app.post(
    '/saveWaitlistRequest',
    {
      config: { access: 'bookings' },
      schema: {
        codeRules: staffWaitlistCodeRules,
        tags,
        summary: 'Put a desk or phone guest on the waitlist for a day and location (and unit type)',
        body: StaffWaitlistBody,
        response: { 200: WaitlistChangeResponse, ...errorsOf(403, 409) },
      },
    },
    async (request) => {
      return staffWaitlist.addToWaitlist(app.deps, request.user, request.body);
    },
  );

  app.get(
    '/getWaitlist',
    {
      config: { access: 'bookings' },
      schema: {
        tags,
        summary: "A day's waitlist in the user's locations, first come first",
        querystring: WaitlistQuery,
        response: { 200: WaitlistResponse, ...errorsOf(403) },
      },
    },
    async (request) => {
      return staffWaitlist.listWaitlist(app.deps, request.user, request.query);
    },
  );

  app.post(
    '/removeWaitlistRequest',
    {
      config: { access: 'bookings' },
      schema: {
        tags,
        summary: 'Take a waiting request off the waitlist (audited)',
        body: RemoveWaitlistBody,
        response: { 200: WaitlistChangeResponse, ...errorsOf(403, 404, 409) },
      },
    },
    async (request) => {
      return staffWaitlist.removeFromWaitlist(app.deps, request.user, request.body.id);
    },
  );
};
