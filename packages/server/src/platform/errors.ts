/** An error with an honest HTTP status and a human message, answered as `{ details }`. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly details: string,
  ) {
    super(details);
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
