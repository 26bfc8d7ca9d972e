import { useQueryClient, type FetchQueryOptions, type QueryKey } from '@tanstack/react-query';
import { useEffect } from 'react';

/**
 * Fetches the next page of a list into the cache while the admin reads this one, so Next shows at once.
 * `next` is null on the last page.
 */
export function usePrefetch<Data, Key extends QueryKey>(
  next: FetchQueryOptions<Data, Error, Data, Key> | null,
) {
  const queryClient = useQueryClient();
  const key = next ? JSON.stringify(next.queryKey) : null;
  useEffect(() => {
    if (next) void queryClient.prefetchQuery(next);
    // The key says everything about which page to fetch; the options object is new on every render.
  }, [key, queryClient]);
}
