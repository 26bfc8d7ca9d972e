import type { AdminListQuery } from '@shop/shared-api';
import { keepPreviousData, useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useListParams } from './list-params.ts';
import type { ListState } from './list-state.ts';
import { useDebouncedValue } from './use-debounced-value.ts';
import { usePrefetch } from './use-prefetch.ts';

interface PagedAnswer {
  page: number;
  resultPerPage: number;
}

/** Where an answer of the api keeps a list's rows and its counts. */
interface AnswerReader<Answer, Row> {
  rows: (answer: Answer) => readonly Row[];
  /** Rows in the whole list. */
  total: (answer: Answer) => number;
  /** Rows matching the search (the pages are counted from it). */
  matching: (answer: Answer) => number;
}

/**
 * One admin list asked of the api a page at a time: the search text and page from the address, the
 * search sent once typing pauses, the previous page kept on screen while the next arrives, and the page
 * after it fetched ahead so Next shows at once. Gives the answer (for its figures) and the list's state.
 */
export function usePagedList<Answer extends PagedAnswer, Key extends QueryKey, Row>(
  queryFor: (query: AdminListQuery) => UseQueryOptions<Answer, Error, Answer, Key>,
  pageSize: number,
  read: AnswerReader<Answer, Row>,
): { answer: Answer | undefined; list: ListState<Row> } {
  const { query, page, setQuery, setPage } = useListParams();
  const search = useDebouncedValue(query);
  const list = useQuery({
    ...queryFor({ page, limit: pageSize, q: search }),
    placeholderData: keepPreviousData,
  });
  const answer = list.data;
  const pageCount = answer ? Math.max(1, Math.ceil(read.matching(answer) / answer.resultPerPage)) : 1;
  usePrefetch(
    answer && answer.page < pageCount
      ? queryFor({ page: answer.page + 1, limit: pageSize, q: search })
      : null,
  );
  return {
    answer,
    list: {
      query,
      search,
      setQuery,
      rows: answer ? read.rows(answer) : [],
      total: answer ? read.total(answer) : 0,
      matching: answer ? read.matching(answer) : 0,
      page: answer?.page ?? page,
      pageCount,
      setPage,
      pageSize,
      loading: list.isPending,
      stale: list.isPlaceholderData,
      error: list.isError ? list.error : null,
      retry: () => void list.refetch(),
    },
  };
}
