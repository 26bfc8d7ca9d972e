import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';

const PART_NAMES: Record<string, string> = {
  body: 'body',
  querystring: 'query',
  params: 'path',
  headers: 'header',
};
const FIELD_ERROR = Symbol('fieldError');

/** One refused input, already in words: `{ message }` names the field. */
export interface FieldError {
  [FIELD_ERROR]: true;
  instancePath: string;
  message: string;
}

export const isFieldError = (value: unknown): value is FieldError =>
  typeof value === 'object' && value !== null && (value as Partial<FieldError>)[FIELD_ERROR] === true;

/** "price[gte]", "orderItems[0][product]": the field as the caller wrote it. */
const fieldName = (path: PropertyKey[]) =>
  path.map((part, index) => (index === 0 ? String(part) : `[${String(part)}]`)).join('');

const typeOf = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);

/**
 * The sentence for one zod issue. A missing field is "x is required"; a missing or non-object body says
 * what to send; a schema's own message is kept and prefixed with the field unless it already starts with it.
 */
export function describeIssue(issue: z.core.$ZodIssue & { input?: unknown }, part: string): string {
  const field = fieldName(issue.path);
  if (issue.code === 'unrecognized_keys')
    return `${issue.keys.map((key) => (field ? `${field}[${key}]` : key)).join(', ')}: unknown field`;
  if (!field) {
    if (issue.code === 'invalid_type' && (issue.input === undefined || issue.input === null))
      return `${part} is required: send a JSON object`;
    return `${part} must be a JSON object`;
  }
  if (issue.code === 'invalid_type') {
    if (issue.input === undefined) return `${field} is required`;
    // zod's own wording ('Invalid input: ...'); a schema's message for this field is kept below.
    if (issue.message.startsWith('Invalid input'))
      return `${field}: expected ${issue.expected}, received ${typeOf(issue.input)}`;
  }
  const message = issue.message;
  const leaf = String(issue.path.at(-1));
  const named = [field, leaf].some((name) => message.toLowerCase().startsWith(`${name.toLowerCase()} `));
  return named ? message : `${field}: ${message}`;
}

/**
 * Fastify's validator for the routes' zod schemas (the shared schemas of @shop/shared-api), answering
 * every issue in words that name its field (the error handler sends the first).
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const result = schema.safeParse(data, { reportInput: true });
    if (result.success) return { value: result.data };
    const part = PART_NAMES[httpPart ?? ''] ?? 'request';
    const errors: FieldError[] = result.error.issues.map((issue) => ({
      [FIELD_ERROR]: true,
      instancePath: `/${issue.path.join('/')}`,
      message: describeIssue(issue, part),
    }));
    return { error: errors as unknown as Error };
  };
