import { getShopSystem } from '@shop/shared-ui';
import { useSyncExternalStore } from 'react';

// The theme's `md` breakpoint, where the catalog's filters move from under a button to beside the list.
// One live query for the page: React reads its `matches` on every render of the catalog.
let besideList: MediaQueryList | undefined;
const besideQuery = () =>
  (besideList ??= window.matchMedia(`(min-width: ${getShopSystem().token('breakpoints.md')})`));

function subscribe(onChange: () => void) {
  const query = besideQuery();
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/**
 * True on a screen wide enough for the filters to sit beside the list, where they show from the start.
 * False in the build's prerender (no screen): the sidebar's column stays empty until the page loads.
 */
export function useFiltersBesideList(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => besideQuery().matches,
    () => false,
  );
}
