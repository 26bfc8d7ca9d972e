import type { KyInstance } from 'ky';
import type { z } from 'zod';
import { ApiError } from '../errors.ts';
import { apiClient } from './api-client.ts';

/**
 * Runs one api call and checks its answer against the shared schema. Every failure becomes an ApiError
 * whose message is the server's text, or the spec's fallback text for this call.
 */
export async function call<Schema extends z.ZodType>(
  schema: Schema,
  fallback: string,
  send: (api: KyInstance) => Promise<unknown>,
): Promise<z.output<Schema>> {
  let body: unknown;
  try {
    body = await send(apiClient());
  } catch (error) {
    if (error instanceof ApiError) {
      throw error.message ? error : new ApiError(fallback, error.status, { cause: error.cause });
    }
    // No answer at all (offline, server down, CORS): status 0.
    throw new ApiError(fallback, 0, { cause: error });
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    console.error('Unexpected api answer', parsed.error);
    throw new ApiError(fallback, 200, { cause: parsed.error });
  }
  return parsed.data;
}
