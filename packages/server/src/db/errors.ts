/**
 * What a database error means for the caller, decided in one place so every route answers the
 * same way (issue 11): a lost or refused connection is a passing fault (503, "please retry"),
 * a unique-constraint violation is a conflict the service names in the spec's words (409).
 */

/** SQLSTATEs and socket codes that mean "the database is not reachable right now". */
const UNAVAILABLE_CODES = new Set([
  // sockets
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  // PostgreSQL class 08: connection exception
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  // 57P01 admin shutdown (pg_terminate_backend, restart), 57P02 crash shutdown, 57P03 cannot connect now
  '57P01',
  '57P02',
  '57P03',
  // too many connections
  '53300',
  // a transaction lost a serialization race or a deadlock: retrying is the documented answer
  '40001',
  '40P01',
  // SQLite: another writer held the lock past busy_timeout
  'SQLITE_BUSY',
  'SQLITE_BUSY_SNAPSHOT',
]);

/** node-postgres reports a dropped socket with these messages and no code. */
const UNAVAILABLE_MESSAGES =
  /Connection terminated|not queryable|timeout exceeded when trying to connect|Client was closed|Cannot use a pool after calling end/i;

export function isDatabaseUnavailable(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const { code, message } = err as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
  if (typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message)) return true;
  // AggregateError from a dual-stack connect attempt
  const errors = (err as { errors?: unknown }).errors;
  return Array.isArray(errors) && errors.some(isDatabaseUnavailable);
}

/** The answer a client gets for a passing database fault; the tablet retries the same request. */
export const DATABASE_UNAVAILABLE = 'The database is briefly unavailable; please retry.';

/**
 * PostgreSQL class 22 (data exception) and 54000: a value the column cannot hold — an integer
 * past int4, a NUL byte, text longer than its column, a date past year 9999. The input was bad,
 * so the answer is a 400 (issue 11, defect 5); contract schemas catch most of these first with a
 * message naming the field, this is the net under them.
 */
export function badValueText(err: unknown): string | null {
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return null;
  if (code === '22003') return 'A number in the request is out of range.';
  if (code === '22001') return 'A text in the request is longer than allowed.';
  if (code === '22021' || code === '22P05') return 'Text cannot contain the NUL character.';
  if (code === '22007' || code === '22008') return 'A date in the request is out of range.';
  if (code === '22P02' || code.startsWith('22') || code === '54000') return 'A value in the request is not valid.';
  return null;
}

/** True for a unique-constraint violation on either database (optionally on a named index/column). */
export function isUniqueViolation(err: unknown, hint?: string): boolean {
  if (!err || typeof err !== 'object') return false;
  const { code, message, constraint } = err as { code?: unknown; message?: unknown; constraint?: unknown };
  const unique = code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
  if (!unique || !hint) return unique;
  return (
    (typeof constraint === 'string' && constraint.includes(hint)) ||
    (typeof message === 'string' && message.includes(hint))
  );
}
