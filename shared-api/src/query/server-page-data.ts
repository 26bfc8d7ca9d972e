import { defaultShouldDehydrateQuery, dehydrate, QueryClient } from '@tanstack/react-query';
import { ApiError } from '../errors.ts';
import { API_ERROR } from './page-data.ts';

// The server's half of a page's data (`@shop/shared-api/server`): only the shell's server build imports it,
// so the browser's shared copy of the package carries the reading half alone (page-data.ts).

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
