import { hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { ApiError } from '../errors.ts';

/** How an api refusal is written into a page's data (server-page-data.ts) and read back here. */
export const API_ERROR = '$shopApiError';

/**
 * Starts the browser's cache from a server-rendered page's data: the same entries, fresh from now on (the
 * page server drops a page when the catalog changes), so the page's first render draws them and asks the
 * api for none of them again.
 */
export function startFromPageData(queryClient: QueryClient, json: string): void {
  const state = JSON.parse(json, (_key, value: unknown) => {
    const error = (value as { [API_ERROR]?: { message: string; status: number } } | null)?.[API_ERROR];
    return error ? new ApiError(error.message, error.status) : value;
  }) as DehydratedState;
  const now = Date.now();
  for (const query of state.queries) {
    if (query.state.status === 'success') query.state.dataUpdatedAt = now;
    else query.state.errorUpdatedAt = now;
  }
  hydrate(queryClient, state);
}
