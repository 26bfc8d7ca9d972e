import type { KyInstance } from 'ky';
import type { z } from 'zod';
import { ApiError } from '../errors.ts';
import { apiClient } from './api-client.ts';

/** What a call answers: the output type of the contract's response schema. */
export type Answer<Schema extends z.ZodType> = z.output<Schema>;

/**
 * Runs one api call. Every failure becomes an ApiError whose message is the server's text, or the spec's
 * fallback text for this call.
 *
 * The answer is typed with the shared response schema but not parsed again here: the api serialises every
 * answer through that same schema (its routes' `response`), and parsing in the browser cost every page zod
 * (about 30 KB gzip) and its run time (docs/performance.md). An answer that is not a JSON object (a proxy's
 * error page, an empty body) is still refused.
 */
export async function call<Result>(
  fallback: string,
  send: (api: KyInstance) => Promise<unknown>,
): Promise<Result> {
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
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    console.error('Unexpected api answer', body);
    throw new ApiError(fallback, 200);
  }
  return body as Result;
}
