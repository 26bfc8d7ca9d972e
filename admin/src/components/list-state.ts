/**
 * Where an admin list stands, whoever pages it: the api a page at a time (usePagedList) or the page
 * itself (the reviews of one product). The list page draws every state from it.
 */
export interface ListState<Row> {
  /** The search as typed (the box) and as last asked (the count's “matching …”). */
  query: string;
  search: string;
  setQuery: (text: string) => void;
  /** This page's rows. */
  rows: readonly Row[];
  /** Rows in the whole list, and those the search leaves. */
  total: number;
  matching: number;
  page: number;
  pageCount: number;
  setPage: (page: number) => void;
  /** Rows a page (the skeleton draws as many). */
  pageSize: number;
  /** No answer yet. */
  loading: boolean;
  /** The rows on screen are the previous page's while the next one arrives. */
  stale: boolean;
  /** The last ask failed. */
  error: Error | null;
  retry: () => void;
}
