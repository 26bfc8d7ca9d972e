import { loadOnce, type Overlays } from '@shop/shared-ui';

/**
 * The design system's overlays entry, fetched on first call, for overlays opened by a tap: mount them from
 * their first opening on and take their components from `use(loadOverlayEntry())` behind Suspense.
 *
 * Through the federation share (not shared-ui's `loadOverlays()`): a share a remote declares but never
 * imports is loaded when the remote starts, on every page; one reached only by this dynamic import is
 * left to it.
 */
export const loadOverlayEntry: () => Promise<Overlays> = loadOnce(() => import('@shop/shared-ui/overlays'));
