import type { AuthUser } from '@sandbar/contract/auth';
import { type AccessArea, access as accessAreas, canAccess } from '@sandbar/contract/roles';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, unauthorized } from '../platform/errors';
import type { SessionUser } from '../platform/deps';

/**
 * Who may call a route (decision 260): `public` (no sign-in), `signedIn` (any signed-in user, the
 * handler narrows by its data), or an access area of DESIGN.md section 8 (`hotels`, `selling`, …).
 */
export type RouteAccess = 'public' | 'signedIn' | AccessArea;

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the auth hook for every route that is not public. */
    user: SessionUser;
  }
  interface FastifyContextConfig {
    /** Required on every /api route: the auth hook reads it from the matched route, never from the URL. */
    access?: RouteAccess;
    /** The 403 text where a call refuses a role in its own words (reports corrections, e-mail). */
    forbiddenText?: string;
  }
  interface FastifyInstance {
    /** Every /api route with its declared access, as registered (the route walk test reads it). */
    routeAccess: Array<{ method: string; url: string; access: RouteAccess }>;
  }
}

const known = new Set<string>(['public', 'signedIn', ...Object.keys(accessAreas)]);

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim() || null;
  // EventSource cannot send headers: the live board passes the token as a query parameter.
  const q = (request.query as Record<string, unknown> | undefined)?.token;
  return typeof q === 'string' && q ? q : null;
}

export interface AuthPluginOptions {
  /** The live session a token opens, or null: handed in by the composition root (auth feature). */
  findSessionUser(token: string): Promise<SessionUser | null>;
  /** Where each route's declared access is listed (the app's `routeAccess`), if anywhere. */
  routeAccess?: Array<{ method: string; url: string; access: RouteAccess }>;
}

/**
 * Access is a property of the route, not of the URL's spelling (issue 32, defect 1): every route of
 * the /api scope declares `config.access`, a route without one stops the server at start, and the
 * check runs on the route the router matched, whatever percent-encoding or case reached it.
 */
export default fp(async function authPlugin(app: FastifyInstance, opts: AuthPluginOptions) {
  app.decorateRequest('user', null as unknown as SessionUser);
  app.addHook('onRoute', (route: RouteOptions) => {
    const declared = route.config?.access;
    if (!declared || !known.has(declared)) {
      throw new Error(
        `Route ${String(route.method)} ${route.url} declares no access: set config.access to 'public', 'signedIn' or an access area.`,
      );
    }
    for (const method of [route.method].flat()) opts.routeAccess?.push({ method, url: route.url, access: declared });
  });
  app.addHook('onRequest', async (request: FastifyRequest, _reply: FastifyReply) => {
    const { access, forbiddenText } = request.routeOptions.config;
    if (access === 'public') return;
    const token = bearerToken(request);
    if (!token) throw unauthorized('Authentication credentials were not provided.');
    const user = await opts.findSessionUser(token);
    if (!user) throw unauthorized('Your session has ended. Please sign in again.');
    request.user = user;
    // Role first, then the body: a user without access gets 403 whatever they send.
    if (access !== 'signedIn' && !canAccess(user.userType, access as AccessArea)) {
      throw forbidden(forbiddenText ?? 'Your role does not allow this.');
    }
  });
});

export type { AuthUser };
