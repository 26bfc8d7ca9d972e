import {
  defaultShouldDehydrateQuery,
  dehydrate,
  hydrate,
  QueryClient,
  type DehydratedState,
} from '@tanstack/react-query';
import { ApiError } from '../errors.ts';

const API_ERROR = '$shopApiError';

/**
 * The query cache of one server render: no retries (a failure is rendered as it is, within the page
 * server's time bound), nothing refetched (the render reads what was prefetched).
 */
export function createServerQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
}

/**
 * A rendered page's query cache as JSON for the page (a data block, `<` escaped): the answers, and the
 * api's refusals (a product that does not exist), so the browser's first render draws what the server
 * drew: the product, or its 'Product not found'.
 */
export function pageDataOf(queryClient: QueryClient): string {
  const state = dehydrate(queryClient, {
    shouldDehydrateQuery: (query) =>
      defaultShouldDehydrateQuery(query) ||
      (query.state.status === 'error' && query.state.error instanceof ApiError),
  });
  return JSON.stringify(state, (_key, value: unknown) =>
    value instanceof ApiError ? { [API_ERROR]: { message: value.message, status: value.status } } : value,
  ).replace(/</g, '\\u003c');
}

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
