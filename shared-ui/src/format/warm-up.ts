import { LONG_DATE_FORMAT } from './date.ts';
import { RUPEE_FORMAT } from './money.ts';

/**
 * The worker's whole program: make each format once, then end. Built from the formats' own arguments, so
 * the two cannot drift apart (format.test.ts runs it against them).
 */
export const FORMATS_WARM_UP_SOURCE =
  `new Intl.NumberFormat(...${JSON.stringify(RUPEE_FORMAT)}).format(1);` +
  `new Intl.DateTimeFormat(...${JSON.stringify(LONG_DATE_FORMAT)}).format(0);` +
  'close();';

/**
 * Prepares the page's rupee and date formats on another thread before the page first uses them.
 *
 * A page's first `Intl` formatter starts the browser's ICU library and loads its locale data: 75-280 ms of
 * the main thread on a 4x-throttled phone, inside the hydration slice that draws the first price. ICU's
 * caches belong to the renderer process, not to one thread, so the same formatter made first in a worker
 * leaves the page's own first one at 0-8 ms (docs/performance.md, "ICU started off the main thread").
 * A blob worker, so it works wherever the shared code was loaded from (a worker's script must be
 * same-origin); the CSP allows `worker-src blob:`. Best effort: without workers nothing changes.
 */
export function warmUpFormatsOffMainThread(): void {
  if (typeof Worker === 'undefined' || typeof URL.createObjectURL !== 'function') return;
  try {
    const url = URL.createObjectURL(new Blob([FORMATS_WARM_UP_SOURCE], { type: 'text/javascript' }));
    new Worker(url);
    // The worker has its own reference once it is created; the URL is not needed after that.
    URL.revokeObjectURL(url);
  } catch {
    // A browser or policy without blob workers: the page makes its formats itself, as before.
  }
}
