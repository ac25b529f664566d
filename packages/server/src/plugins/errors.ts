import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError } from '../platform/errors';

/**
 * One error shape for the whole API: `{ details }` with an honest status (DESIGN.md section 4).
 * Validation messages are the zod schema's, which carry the spec's verbatim texts.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
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
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Fastify's own client errors: bad JSON, body too large, unsupported media type…
      return reply.status(error.statusCode).send({ details: error.message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ details: 'Something went wrong on the server. Please try again.' });
  });
}
