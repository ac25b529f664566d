import type { AuthUser } from '@sandbar/contract/auth';
import { type AccessArea, canAccess } from '@sandbar/contract/roles';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, unauthorized } from '../platform/errors';
import type { SessionUser } from '../platform/deps';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the auth hook for every non-public /api route. */
    user: SessionUser;
  }
  interface FastifyContextConfig {
    /** Routes reachable without a token: login, health, receipt, docs. */
    public?: boolean;
  }
}

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
}

/** Login is checked in one place: a hook on the /api scope (house style). */
export default fp(async function authPlugin(app: FastifyInstance, opts: AuthPluginOptions) {
  app.decorateRequest('user', null as unknown as SessionUser);
  app.addHook('onRequest', async (request: FastifyRequest, _reply: FastifyReply) => {
    if (request.routeOptions.config?.public) return;
    if (!request.url.startsWith('/api/')) return;
    const token = bearerToken(request);
    if (!token) throw unauthorized('Authentication credentials were not provided.');
    const user = await opts.findSessionUser(token);
    if (!user) throw unauthorized('Your session has ended. Please sign in again.');
    request.user = user;
  });
});

/** Throws 403 unless the signed-in user's type may use this area (DESIGN.md section 8). */
export function requireAccess(request: FastifyRequest, area: AccessArea): void {
  if (!canAccess(request.user.userType, area)) {
    throw forbidden('Your role does not allow this.');
  }
}

export type { AuthUser };
