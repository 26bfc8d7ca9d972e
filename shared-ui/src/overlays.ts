/**
 * `@shop/shared-ui/overlays`: the design system's menus, dialogs, drawers, tabs and the rating input (used
 * only inside a dialog). Their Ark/zag machines, focus trap and positioning are about a third of the
 * design system's bytes, and no page renders them before a tap (a signed-in shopper's avatar menu and the
 * login page's tabs being the exceptions), so this is its own federation share, loaded on demand:
 *
 * - a chunk that is itself lazy and draws one at once (the admin panel) imports it from here, and the
 *   remote's runtime fetches it with that chunk;
 * - an overlay opened by a tap on a page already shown is mounted from its first opening on and takes
 *   its components from `use(loadOverlays())` ('@shop/shared-ui', behind Suspense), which is also how the
 *   shell, the provider, reaches them (see load-overlays.ts). A chunk split off for such a dialog cost the
 *   storefront one more script on every page (its share wrappers no longer fitted in one chunk).
 */
export { Dialog, Drawer, Menu, RatingGroup, Tabs } from '@chakra-ui/react';
export { ConfirmDialog } from './components/ConfirmDialog.tsx';
