import type { Overlays } from '@shop/shared-ui';

/** As React's `use()` reads a promise: once settled, `status` and `value` say so without waiting. */
type TrackedPromise<T> = Promise<T> & { status?: 'fulfilled'; value?: T };

let loading: TrackedPromise<Overlays> | undefined;

/**
 * The design system's overlays entry, fetched on first call, for overlays opened by a tap: mount them from
 * their first opening on and take their components from `use(loadOverlayEntry())` behind Suspense.
 *
 * Through the federation share (not shared-ui's `loadOverlays()`): a share a remote declares but never
 * imports is loaded when the remote starts, on every page; one reached only by this dynamic import is
 * left to it. Not a lazily loaded dialog chunk either: as one more entry importing the design system but
 * not the router, it split the remote's share wrappers into one more script on every page.
 */
export function loadOverlayEntry(): Promise<Overlays> {
  if (!loading) {
    // Marked fulfilled here, so a dialog opened after the download (a finger on its button starts it)
    // draws at once instead of suspending for a frame.
    const promise: TrackedPromise<Overlays> = import('@shop/shared-ui/overlays').then(
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
