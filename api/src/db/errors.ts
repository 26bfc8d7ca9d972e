/** PostgreSQL's unique_violation, whether it comes from postgres.js or PGlite, wrapped by drizzle or not. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (const current of causeChain<{ constraint?: unknown; constraint_name?: unknown }>(error))
    if (current.code === '23505') {
      const name = current.constraint ?? current.constraint_name;
      return constraint === undefined || name === undefined || name === constraint;
    }
  return false;
}

/**
 * Text PostgreSQL cannot store or read as asked (a NUL byte, an invalid text representation): the
 * caller's input is at fault, so it is a 400, not a 500. Codes 22021, 22P05 and 22P02.
 */
export const isUnstorableText = (error: unknown) =>
  hasCode(error, (code) => code === '22021' || code === '22P05' || code === '22P02');

/**
 * A standby cancelled a read whose rows its replay had to change or remove (a conflict with recovery:
 * 40001, or 57P04 when the database itself went): the same read on the primary answers.
 */
export const isRecoveryConflict = (error: unknown) =>
  hasCode(error, (code) => code === '40001' || code === '57P04');

/** Whether `error`, or an error it was caused by, has a code `matches`. */
function hasCode(error: unknown, matches: (code: unknown) => boolean): boolean {
  for (const current of causeChain(error)) if (matches(current.code)) return true;
  return false;
}

/** `error` and the errors it was caused by, outermost first (drizzle wraps the driver's error). */
function* causeChain<Fields>(error: unknown): Generator<Fields & { code?: unknown; cause?: unknown }> {
  for (let current = error as (Fields & { code?: unknown; cause?: unknown }) | undefined; current;) {
    yield current;
    if (typeof current !== 'object') break;
    current = current.cause as typeof current;
  }
}

/** postgres.js codes for a connection that could not be made or was lost (its own, and the socket's). */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
]);

/**
 * The database cannot be reached right now: no connection, a connection lost mid-query, or PostgreSQL
 * shutting down, starting up or out of connections (class 08, 57P01–57P03, 53300). The request is not at
 * fault and a retry later will work, so it is a 503, not a 500. postgres.js reconnects by itself on the
 * next query, so the api recovers without a restart once the database is back.
 */
export const isDatabaseUnavailable = (error: unknown) =>
  hasCode(
    error,
    (code) =>
      typeof code === 'string' &&
      (CONNECTION_CODES.has(code) ||
        code.startsWith('08') ||
        code === '57P01' ||
        code === '57P02' ||
        code === '57P03' ||
        code === '53300'),
  );
