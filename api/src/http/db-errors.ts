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
