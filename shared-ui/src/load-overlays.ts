import { loadOnce } from './load-once.ts';
import type * as OverlaysEntry from './overlays.ts';

export type Overlays = typeof OverlaysEntry;

/**
 * The overlays entry for the shell, which provides it. A host that imports a share, even from a lazy
 * chunk, has the federation runtime load that share at start-up, on every page; this import stays inside
 * shared-ui, so the runtime never sees it, and resolves to the module the shell provides to the remotes
 * as `@shop/shared-ui/overlays`: one Chakra context, one copy.
 */
export const loadOverlays: () => Promise<Overlays> = loadOnce(() => import('./overlays.ts'));
