import type * as OverlaysEntry from './overlays.ts';

export type Overlays = typeof OverlaysEntry;

/** A promise as React's `use()` reads it: once settled, `status` and `value` say so without waiting. */
type TrackedPromise<T> = Promise<T> & { status?: 'fulfilled'; value?: T };

let loading: TrackedPromise<Overlays> | undefined;

/**
 * The overlays entry for the shell, which provides it. A host that imports a share, even from a lazy
 * chunk, has the federation runtime load that share at start-up, on every page; this import stays inside
 * shared-ui, so the runtime never sees it, and resolves to the module the shell provides to the remotes
 * as `@shop/shared-ui/overlays`: one Chakra context, one copy.
 *
 * One promise, so `use(loadOverlays())` can wait on it; marked fulfilled once here, so a screen rendered
 * after the download (started by a finger on the Login link, say) draws at once instead of suspending
 * for a frame. A failed download is forgotten and retried by the next call.
 */
export function loadOverlays(): Promise<Overlays> {
  if (!loading) {
    const promise: TrackedPromise<Overlays> = import('./overlays.ts').then(
      (entry) => {
        promise.status = 'fulfilled';
        promise.value = entry;
        return entry;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    loading = promise;
  }
  return loading;
}
