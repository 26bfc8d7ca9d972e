/**
 * `@shop/shared-ui/overlays`: the design system's menus, dialogs, drawers, tabs and the rating input (used
 * only inside a dialog). Their Ark/zag machines, focus trap and positioning are about a third of the
 * design system's bytes, and no page renders them before a tap (a signed-in shopper's avatar menu and the
 * login page's tabs being the exceptions), so this is its own federation share, loaded on demand:
 *
 * - remotes import it from a chunk that is itself lazy (a page, a dialog opened on a tap); imported
 *   from a module every page loads, it would be fetched with the remote again;
 * - the shell calls `loadOverlays()` from '@shop/shared-ui' (see load-overlays.ts).
 */
export { Dialog, Drawer, Menu, RatingGroup, Tabs } from '@chakra-ui/react';
export { ConfirmDialog } from './components/ConfirmDialog.tsx';
