import { useSearchParams } from 'react-router-dom';

/** Page size of each admin list (docs/product.md, numbers). */
export const PAGE_SIZE = { products: 13, orders: 10, users: 10, reviews: 10 } as const;

/**
 * A list's search text and page, kept in the address (?q=&page=) so Back, a reload or a shared link
 * shows the same rows. A new search goes back to page 1.
 */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  const query = params.get('q') ?? '';
  const parsed = Number(params.get('page') ?? '1');
  const page = Number.isInteger(parsed) && parsed > 0 ? parsed : 1;
  const update = (next: { q?: string; page?: number }) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        if (next.q !== undefined) {
          if (next.q) copy.set('q', next.q);
          else copy.delete('q');
          copy.delete('page');
        }
        if (next.page !== undefined) {
          if (next.page > 1) copy.set('page', String(next.page));
          else copy.delete('page');
        }
        return copy;
      },
      { replace: true },
    );
  return {
    query,
    page,
    setQuery: (q: string) => update({ q }),
    setPage: (p: number) => update({ page: p }),
  };
}

/** The rows of one page, and how many pages there are (a page past the end shows the last one). */
export function pageOf<T>(rows: readonly T[], page: number, size: number) {
  const pageCount = Math.max(1, Math.ceil(rows.length / size));
  const current = Math.min(page, pageCount);
  return { rows: rows.slice((current - 1) * size, current * size), page: current, pageCount };
}
