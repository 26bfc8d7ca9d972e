/**
 * `@shop/shared-ui/overlays`: the design system's menus, dialogs, drawers, tabs and the rating input (used
 * only inside a dialog). Their Ark/zag machines, focus trap and positioning are about a third of the
 * design system's bytes, and no page renders them before a tap (a signed-in shopper's avatar menu and the
 * login page's tabs being the exceptions), so this is its own federation share, loaded on demand:
 *
 * - a chunk that is itself lazy and draws one at once (the admin panel) imports it from here, and the
 *   remote's runtime fetches it with that chunk;
 * - an overlay opened by a tap on a page already shown is mounted from its first opening on and waits
 *   for this entry behind Suspense: in a remote through a dynamic import of this share (see
 *   storefront/src/hooks/overlays.ts), in the shell, the provider, through `loadOverlays()` (see
 *   load-overlays.ts).
 */
export { Dialog, Drawer, Menu, RatingGroup, Tabs } from './overlay-components.ts';
export { ConfirmDialog } from './components/ConfirmDialog.tsx';
