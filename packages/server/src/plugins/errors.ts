import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DATABASE_UNAVAILABLE, badValueText, isDatabaseUnavailable } from '../db/errors';
import { HttpError } from '../platform/errors';

/**
 * A client error raised on purpose by Fastify or one of its plugins (their errors carry an
 * `FST_…` code: bad JSON, body too large, unsupported media type, too many form parts…) or by the
 * static file server (`expose: true`, the http-errors convention: a bad range, a bad path). Any
 * other error is a fault, whatever its type or `statusCode`: a RangeError from deep in the code
 * ("Maximum call stack size exceeded", a date past any calendar) is a logged 500, not a 400.
 */
export function deliberateClientError(
  error: { code?: unknown; statusCode?: unknown; expose?: unknown; message: string },
  bodyLimit: number,
): { status: number; details: string } | null {
  const status = error.statusCode;
  if (typeof status !== 'number' || status < 400 || status > 499) return null;
  const fastify = typeof error.code === 'string' && error.code.startsWith('FST_');
  if (!fastify && error.expose !== true) return null;
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    // A route may take less than the app's 5 MB (the guest page's calls take 16 KB).
    const limit =
      bodyLimit >= 1024 * 1024 ? `${Math.round(bodyLimit / 1024 / 1024)} MB` : `${Math.round(bodyLimit / 1024)} KB`;
    return { status: 413, details: `The request is larger than the ${limit} limit.` };
  }
  return { status, details: error.message };
}

/**
 * One error shape for the whole API: `{ details }` with an honest status (DESIGN.md section 4).
 * Validation messages are the zod schema's, which carry the spec's verbatim texts.
 * Every 5xx is logged as one structured line with the request id, and the client gets the same
 * id in the body (`requestId`) so a support call can find the line.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.statusCode >= 500) {
        request.log.error({ reqId: request.id, status: error.statusCode, details: error.details }, 'server error');
        return reply.status(error.statusCode).send({ details: error.details, requestId: request.id });
      }
      return reply.status(error.statusCode).send({ details: error.details });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const seen = new Set<string>();
      const parts: string[] = [];
      for (const issue of error.validation) {
        const msg = issue.message ?? 'Invalid input.';
        if (!seen.has(msg)) {
          seen.add(msg);
          parts.push(msg);
        }
      }
      return reply.status(400).send({ details: parts.join(' ') });
    }
    if (isDatabaseUnavailable(error)) {
      // A passing database fault (restart, terminated connection, lock timeout): the request did
      // not complete; a retry is safe (sales replay by their ourTransactionId).
      request.log.error(
        { reqId: request.id, status: 503, err: { message: error.message, code: error.code } },
        'database unavailable',
      );
      return reply
        .status(503)
        .header('retry-after', '1')
        .send({ details: DATABASE_UNAVAILABLE, requestId: request.id });
    }
    const bad = badValueText(error);
    if (bad) {
      // The database refused a value the schemas let through: the input was bad (400), but the
      // schema has a gap worth closing, so it is logged.
      request.log.warn(
        { reqId: request.id, status: 400, err: { message: error.message, code: error.code } },
        'value refused by the database',
      );
      return reply.status(400).send({ details: bad });
    }
    const client = deliberateClientError(error, request.routeOptions.bodyLimit ?? app.initialConfig.bodyLimit ?? 0);
    if (client) return reply.status(client.status).send({ details: client.details });
    request.log.error({ reqId: request.id, status: 500, err: error }, 'unhandled error');
    return reply
      .status(500)
      .send({ details: 'Something went wrong on the server. Please try again.', requestId: request.id });
  });
}
