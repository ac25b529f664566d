/** An error with an honest HTTP status and a human message, answered as `{ details }`. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly details: string,
  ) {
    // A refusal (4xx) is an answer, not a fault: it captures no stack. Under the opening rush the
    // ~350 refused phones and walk-ins each walked theirs (issue 36); a 5xx keeps it for the log.
    const limit = Error.stackTraceLimit;
    if (statusCode < 500) Error.stackTraceLimit = 0;
    super(details);
    Error.stackTraceLimit = limit;
    this.name = 'HttpError';
  }
}

export const badRequest = (details: string) => new HttpError(400, details);
export const unauthorized = (details = 'Please sign in.') => new HttpError(401, details);
export const forbidden = (details = 'You are not allowed to do that.') => new HttpError(403, details);
export const notFound = (details = 'Not found.') => new HttpError(404, details);
export const conflict = (details: string) => new HttpError(409, details);
export const tooManyRequests = (details: string) => new HttpError(429, details);
export const locked = (details: string) => new HttpError(423, details);
export const serviceUnavailable = (details: string) => new HttpError(503, details);
