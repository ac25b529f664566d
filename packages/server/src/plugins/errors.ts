import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DATABASE_UNAVAILABLE, badValueText, isDatabaseUnavailable } from '../db/errors';
import { HttpError } from '../platform/errors';

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
    if (bad) return reply.status(400).send({ details: bad });
    if (error instanceof RangeError) {
      // Date arithmetic on a value past any calendar (a 16-digit timestamp): the input was bad.
      return reply.status(400).send({ details: 'A date or number in the request is out of range.' });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Fastify's own client errors: bad JSON, body too large, unsupported media type…
      return reply.status(error.statusCode).send({ details: error.message });
    }
    request.log.error({ reqId: request.id, status: 500, err: error }, 'unhandled error');
    return reply
      .status(500)
      .send({ details: 'Something went wrong on the server. Please try again.', requestId: request.id });
  });
}
