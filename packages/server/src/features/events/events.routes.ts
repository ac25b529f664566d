import type { ServerResponse } from 'node:http';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type BoardEvent, serverOnlyEvent } from '../../platform/events';
import { bearerToken } from '../../plugins/auth';
import { SESSIONS_EVENT, sessionStillLive } from '../auth/auth.service';
import { userLocationIds } from '../units/units.repository';
import { errorsOf } from '../../plugins/openapi';

/** A comment line every 15 s keeps proxies and tablets from dropping a quiet stream. */
export const HEARTBEAT_MS = 15_000;

/** Does this event concern one of the user's locations? Events without locations go to everyone. */
export function visibleTo(event: BoardEvent, locations: ReadonlySet<number>): boolean {
  if (!event.locationIds || event.locationIds.length === 0) return true;
  return event.locationIds.some((id) => locations.has(id));
}

/**
 * GET /events: the live board (DESIGN.md section 5). Server-sent events, one `data:` line of JSON
 * `{type, day, unitIds, locationIds}` per change the user may see. EventSource cannot send
 * headers, so the token may come as `?token=` (the auth hook accepts it).
 */
export const eventsRoutes: FastifyPluginAsyncZod = async (app) => {
  const open = new Set<ServerResponse>();
  // Streams never go idle: end them when the app closes, or the server would wait forever.
  app.addHook('preClose', async () => {
    for (const res of open) res.end();
    open.clear();
  });

  app.get(
    '/events',
    {
      config: { access: 'dashboard' },
      schema: {
        tags: ['events'],
        summary: 'Live board changes (text/event-stream)',
        querystring: z.object({ token: z.string().optional() }),
        response: {
          200: {
            description: 'A stream of `data:` lines, each a BoardEventMessage as JSON',
            content: { 'text/event-stream': { schema: z.string() } },
          },
          ...errorsOf(403),
        },
      },
    },
    async (request, reply) => {
      const token = bearerToken(request)!;
      const userId = request.user.id;
      let locations = new Set(await userLocationIds(app.deps.db, request.user.id));
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      res.write('retry: 2000\n: connected\n\n');
      open.add(res);

      // A stream lives only as long as its session (issue 11, defect 10): signed out, password
      // changed elsewhere, user deactivated → the stream ends, and the client's reconnect gets 401.
      const checkSession = () =>
        void sessionStillLive(app.deps, token)
          .then((live) => {
            if (!live && !res.writableEnded) res.end();
          })
          .catch(() => undefined);

      const unsubscribe = app.deps.events.subscribe((event) => {
        if (serverOnlyEvent(event.type)) return;
        if (event.type === SESSIONS_EVENT) {
          if (event.userIds?.includes(userId)) checkSession();
          return;
        }
        if (event.type === 'locations') {
          // A location was added, resized or (un)assigned: this user's set may have changed. Reload
          // it, then pass the event on if it concerned them before or after, so a new strip
          // appears (and a removed one goes) on an open board without a reload.
          const before = locations;
          void userLocationIds(app.deps.db, request.user.id)
            .then((ids) => {
              locations = new Set(ids);
              if ((visibleTo(event, before) || visibleTo(event, locations)) && !res.writableEnded) {
                res.write(`data: ${JSON.stringify(event)}\n\n`);
              }
            })
            .catch(() => undefined);
          return;
        }
        if (event.type === 'resync') {
          // Assignments may have changed while events were missed: reload them, then tell the client.
          void userLocationIds(app.deps.db, request.user.id)
            .then((ids) => {
              locations = new Set(ids);
            })
            .catch(() => undefined);
          checkSession();
        } else if (!visibleTo(event, locations)) return;
        if (!res.writableEnded) res.write(`data: ${JSON.stringify(event)}\n\n`);
      });
      // The heartbeat also re-checks the session: a revocation whose event was missed still ends it.
      const heartbeat = setInterval(() => {
        res.write(': heartbeat\n\n');
        checkSession();
      }, HEARTBEAT_MS);
      heartbeat.unref();
      let cleaned = false;
      const cleanup = () => {
        if (cleaned) return;
        cleaned = true;
        clearInterval(heartbeat);
        unsubscribe();
        open.delete(res);
      };
      request.raw.on('close', cleanup);
      res.on('close', cleanup);
      res.on('finish', cleanup);
    },
  );
};
