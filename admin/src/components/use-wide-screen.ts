import { getShopSystem } from '@shop/shared-ui';
import { useSyncExternalStore } from 'react';

// The theme's `lg` breakpoint. Beside the side menu, narrower screens left the lists' tables 478-734 px
// for 800-980 px of columns (issue 23): below it a list's rows are cards. One live query serves every read.
let wideScreen: MediaQueryList | undefined;
const wideQuery = () =>
  (wideScreen ??= window.matchMedia(`(min-width: ${getShopSystem().token('breakpoints.lg')})`));

function subscribe(onChange: () => void) {
  const query = wideQuery();
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** True where an admin list's table fits the screen; the layout follows a resize or a turned tablet. */
export function useWideScreen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => wideQuery().matches,
    () => true,
  );
}
