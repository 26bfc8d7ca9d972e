/** PostgreSQL's unique_violation, whether it comes from postgres.js or PGlite, wrapped by drizzle or not. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (
    let current = error as
      { code?: unknown; cause?: unknown; constraint?: unknown; constraint_name?: unknown } | undefined;
    current;
    current = current.cause as typeof current
  ) {
    if (current.code === '23505') {
      const name = current.constraint ?? current.constraint_name;
      return constraint === undefined || name === undefined || name === constraint;
    }
    if (typeof current !== 'object') break;
  }
  return false;
}

/**
 * Text PostgreSQL cannot store or read as asked (a NUL byte, an invalid text representation): the
 * caller's input is at fault, so it is a 400, not a 500. Codes 22021, 22P05 and 22P02.
 */
export function isUnstorableText(error: unknown): boolean {
  for (let current = error as { code?: unknown; cause?: unknown } | undefined; current;) {
    if (current.code === '22021' || current.code === '22P05' || current.code === '22P02') return true;
    if (typeof current !== 'object') break;
    current = current.cause as typeof current;
  }
  return false;
}
