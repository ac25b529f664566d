import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from '../platform/errors';

export const NUL_TEXT = 'Text cannot contain the NUL character.';

/** Does any string in this value (to a sane depth) hold a NUL byte? */
function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 20 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((v) => hasNul(v, depth + 1));
  return Object.entries(value as Record<string, unknown>).some(
    ([k, v]) => k.includes('\u0000') || hasNul(v, depth + 1),
  );
}

/**
 * No text anywhere in a request may hold a NUL byte (issue 11, defect 5): PostgreSQL refuses it
 * in text columns (a sale with a NUL in the name failed on every retry), SQLite would store it and
 * truncate it in C strings. One check before validation covers every route, params, query and body.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request: FastifyRequest) => {
    if (hasNul(request.params) || hasNul(request.query) || hasNul(request.body)) throw badRequest(NUL_TEXT);
  });
}
