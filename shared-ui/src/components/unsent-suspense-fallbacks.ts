import { createContext } from 'react';

/**
 * True inside a render whose Suspense fallbacks are never shown: the page server's, which sends a page only
 * once every part of it has rendered (and its prerendered page if any part fails). React's prerender still
 * draws each Suspense boundary's fallback before its content, in case the content is put off; the page
 * loading bars (Ark's progress machine each, three on a product page) were a sixth of an uncached page's
 * CPU for markup no one receives (docs/performance.md). Read by fallbacks only: a loading state that is a
 * page's content (a guard's while the session is checked) is sent.
 */
export const UnsentSuspenseFallbacks = createContext(false);
