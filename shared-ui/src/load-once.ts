/** A promise as React's `use()` reads it: once settled, `status` and `value` say so without waiting. */
type TrackedPromise<T> = Promise<T> & { status?: 'fulfilled'; value?: T };

/**
 * A download started at most once, for `use(load())` behind Suspense: every call gets the same promise,
 * marked fulfilled once here so a screen rendered after the download (started by a finger on a button,
 * say) draws at once instead of suspending for a frame. A failed download is forgotten and retried by the
 * next call.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: TrackedPromise<T> | undefined;
  return () => {
    if (!loading) {
      const promise: TrackedPromise<T> = load().then(
        (value) => {
          promise.status = 'fulfilled';
          promise.value = value;
          return value;
        },
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      );
      loading = promise;
    }
    return loading;
  };
}
