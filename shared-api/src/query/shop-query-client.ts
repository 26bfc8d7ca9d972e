import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../errors.ts';

/** At most two more tries after a failure, so a dead api is asked three times, never in a loop. */
export const MAX_QUERY_RETRIES = 2;

/**
 * Retry only what another try can fix: no answer at all (offline, a restarting server), a 5xx or a 429.
 * A 4xx (not found, forbidden, bad input) or an answer that broke its schema would only say it again.
 */
export function isWorthRetrying(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_QUERY_RETRIES) return false;
  if (!(error instanceof ApiError)) return false;
  return error.status === 0 || error.status === 429 || error.status >= 500;
}

/** 1 s, then 2 s (capped at 8 s): the api gets room to come back. */
export function retryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, 8000);
}

/**
 * The page's one query cache: the storefront and the admin panel read and invalidate the same entries
 * (an admin's product edit refreshes the catalog), and a sign-out clears it so nothing of one person is
 * shown to the next. Shared as a singleton with this package.
 */
export const shopQueryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: isWorthRetrying,
      retryDelay,
      // Catalog pages revisited within 30 s (back, forward) show at once without asking again.
      staleTime: 30_000,
      refetchOnWindowFocus: false,
    },
    mutations: { retry: false },
  },
});
