import { loadOnce, type Overlays } from '@shop/shared-ui';

/**
 * The design system's overlays entry through the federation share, fetched on first call (as the
 * storefront's `loadOverlayEntry`, storefront/src/hooks/overlays.ts, explains): an overlay opened by a tap
 * mounts from its first opening and takes its components from `use(loadOverlayEntry())`.
 */
export const loadOverlayEntry: () => Promise<Overlays> = loadOnce(() => import('@shop/shared-ui/overlays'));
