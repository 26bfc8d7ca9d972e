import { getShopSystem, Skeleton } from '@shop/shared-ui';
import { lazy, memo, Suspense } from 'react';
import { useNavigate } from 'react-router-dom';
import { addressOfFilters, filtersFromAddress, withFilter, type CatalogFilters } from './catalog-address.ts';

let want!: () => void;
const wanted = new Promise<void>((resolve) => (want = resolve));

/**
 * The filters' code (with the price slider's share), downloaded once the filters are wanted: beside the
 * list at once, on a phone when Filters is pressed (a phone's catalog loads two scripts and ~10 KB fewer,
 * docs/performance.md round 5). Until then a part waiting for it keeps whatever it has: on a page the server
 * rendered, the server's filters (React hydrates them once the code is here, and a phone, where they are
 * hidden, never downloads it); else the skeleton of the Suspense around it.
 */
const filtersCode = wanted.then(() => import('./FilterSidebar.tsx'));

/** Starts the filters' download (once). */
export const wantFilters = () => want();

// A server render draws the filters (they need nothing but the address); a wide screen wants them at once,
// so their download runs beside the catalog page's own instead of after its first render.
if (typeof window === 'undefined') wantFilters();
else if (window.matchMedia(`(min-width: ${getShopSystem().token('breakpoints.md')})`).matches) wantFilters();

/**
 * The filter sidebar once its code is here (behind a Suspense). A lazy component, not `use()`: a render in
 * the background (the list's deferred answer) that met a pending `use()` waited for it before committing,
 * which held the list back until the filters' code had arrived.
 */
const DeferredFilterSidebar = lazy(() => filtersCode);

/**
 * The catalog's filters for the list at `address`, waiting for their code behind a skeleton. A memo of the
 * address: a server-rendered sidebar waiting for its code is left as the server drew it by every other
 * render of the page (new props would make React draw it anew, as the skeleton, before the code is here).
 */
export const CatalogFilterSidebar = memo(function CatalogFilterSidebar({
  address,
  keyword,
}: {
  address: string;
  keyword: string | undefined;
}) {
  const navigate = useNavigate();
  const filters = filtersFromAddress(keyword, new URL(address, 'http://shop').searchParams);
  const go = (next: CatalogFilters) => navigate(addressOfFilters(next));
  return (
    <Suspense fallback={<Skeleton height="24rem" aria-label="Loading filters" aria-busy="true" />}>
      <DeferredFilterSidebar
        filters={filters}
        onChange={(change) => go(withFilter(filters, change))}
        onClear={() => go(withFilter(filters, { category: 'All', ratings: 0, price: [0, 25_000] }))}
      />
    </Suspense>
  );
});
