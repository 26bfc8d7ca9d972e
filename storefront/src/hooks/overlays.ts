import { loadOnce, type Overlays } from '@shop/shared-ui';

/**
 * The design system's overlays entry, fetched on first call, for overlays opened by a tap: mount them from
 * their first opening on and take their components from `use(loadOverlayEntry())` behind Suspense.
 *
 * Through the federation share (not shared-ui's `loadOverlays()`): a share a remote declares but never
 * imports is loaded when the remote starts, on every page; one reached only by this dynamic import is
 * left to it. Not a lazily loaded dialog chunk either: as one more entry importing the design system but
 * not the router, it split the remote's share wrappers into one more script on every page.
 */
export const loadOverlayEntry: () => Promise<Overlays> = loadOnce(() => import('@shop/shared-ui/overlays'));
