import type { AdminListQuery } from '@shop/shared-api';
import { keepPreviousData, useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useListParams } from './list-params.ts';
import { useDebouncedValue } from './use-debounced-value.ts';
import { usePrefetch } from './use-prefetch.ts';

interface PagedAnswer {
  page: number;
  resultPerPage: number;
}

/**
 * One admin list asked of the api a page at a time: the search text and page from the address, the
 * search sent once typing pauses, the previous page kept on screen while the next arrives, and the page
 * after it fetched ahead so Next shows at once.
 */
export function usePagedList<Answer extends PagedAnswer, Key extends QueryKey>(
  queryFor: (query: AdminListQuery) => UseQueryOptions<Answer, Error, Answer, Key>,
  pageSize: number,
  /** How many rows match the search (the pages are counted from it). */
  matching: (answer: Answer) => number,
) {
  const { query, page, setQuery, setPage } = useListParams();
  const search = useDebouncedValue(query);
  const list = useQuery({
    ...queryFor({ page, limit: pageSize, q: search }),
    placeholderData: keepPreviousData,
  });
  const answer = list.data;
  const pageCount = answer ? Math.max(1, Math.ceil(matching(answer) / answer.resultPerPage)) : 1;
  usePrefetch(
    answer && answer.page < pageCount
      ? queryFor({ page: answer.page + 1, limit: pageSize, q: search })
      : null,
  );
  return { list, answer, query, search, page: answer?.page ?? page, pageCount, setQuery, setPage };
}
