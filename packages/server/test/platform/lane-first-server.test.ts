/**
 * A guest's booking waits for its lane's turn before Fastify sees it (issue 36, decision 376): under
 * the opening rush 200 bookings arrived in one poll of the event loop and each went through
 * Fastify's request, routing and global hooks there, while the page views that came with them
 * waited. Here the server hands Fastify everything else at once and the lane's requests a few per
 * turn of the loop.
 */
import type http from 'node:http';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { isGuestBookingCall } from '../../src/features/reservations/public.routes';
import { LoopLane, hadItsTurn, laneFirstServer } from '../../src/platform/write-turns';

const turn = () => new Promise((resolve) => setImmediate(resolve));
const request = (method: string, url: string) => ({ method, url }) as http.IncomingMessage;

describe('the server that gives a lane its turn before Fastify', () => {
  it('hands other requests over at once and the lane’s a few per turn of the loop', async () => {
    const handled: string[] = [];
    const lane = new LoopLane(2);
    const server = laneFirstServer(
      (req) => handled.push(req.url!),
      {},
      (req) => (isGuestBookingCall(req) ? lane : null),
    );
    const bookings = Array.from({ length: 5 }, (_, i) => request('POST', `/api/public/booking?n=${i}`));
    // Five bookings and a page view arrive in one poll.
    for (const b of bookings) server.emit('request', b, {});
    const view = request('GET', '/api/public/booking/availability');
    server.emit('request', view, {});
    expect(handled).toEqual(['/api/public/booking/availability']);
    expect(bookings.every((b) => hadItsTurn(b))).toBe(true);
    expect(hadItsTurn(view)).toBe(false);
    await turn();
    expect(handled).toHaveLength(3);
    await turn();
    expect(handled).toHaveLength(5);
    await turn();
    expect(handled.slice(1)).toEqual(bookings.map((b) => b.url));
  });

  it('names only POST /api/public/booking (with or without a query) as a guest’s booking', () => {
    expect(isGuestBookingCall(request('POST', '/api/public/booking'))).toBe(true);
    expect(isGuestBookingCall(request('POST', '/api/public/booking?x=1'))).toBe(true);
    for (const [method, url] of [
      ['GET', '/api/public/booking'],
      ['POST', '/api/public/booking/waitlist'],
      ['POST', '/api/public/booking/manage/abc/cancel'],
      ['POST', '/api/saveCustomer'],
    ] as const)
      expect(isGuestBookingCall(request(method, url)), `${method} ${url}`).toBe(false);
  });

  it('keeps the time-outs Fastify sets on a server it makes itself', async () => {
    const own = Fastify();
    const laned = Fastify({ serverFactory: (handler, options) => laneFirstServer(handler, options, () => null) });
    for (const k of ['keepAliveTimeout', 'requestTimeout', 'timeout', 'maxRequestsPerSocket'] as const)
      expect(laned.server[k], k).toBe(own.server[k]);
    await Promise.all([own.close(), laned.close()]);
  });
});
