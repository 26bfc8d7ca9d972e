import type { z } from 'zod';

export type FieldErrors = Partial<Record<string, string>>;

/** The first message per field of a failed zod parse, for Field.ErrorText. */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= issue.message;
  }
  return errors;
}
