import createCache, { type EmotionCache, type StylisPlugin } from '@emotion/cache';
import { RENDERED_STYLES_ATTRIBUTE } from '@shop/shared-contract';
import { applyWholeGlobalStylesFor } from './whole-global-styles.ts';

/**
 * The declarations the shop's browsers still need a `-webkit-` copy of. The builds target vite's "widely
 * available" browsers (Chrome and Edge 107, Firefox 104, Safari 16): Safari wants the prefix for these,
 * Chrome for masks, `background-clip: text` and print colours. Emotion's default prefixer also writes
 * `-webkit-`, `-moz-` and `-ms-` copies of flexbox, transforms, transitions, animations, keyframes, sticky
 * positions and placeholders, for browsers that cannot run the shop's JavaScript: a quarter of a product
 * page's CSS (docs/performance.md, "Prefixes for the browsers the shop runs in").
 */
const NEEDS_WEBKIT_COPY =
  /^(?:user-select|text-size-adjust|hyphens|box-decoration-break|background-clip|backdrop-filter|print-color-adjust|text-decoration|mask(?:-[a-z-]+)?)$/;

/** Emotion's prefixer narrowed to NEEDS_WEBKIT_COPY: a declaration there is written prefixed, then as is. */
export const prefixForShopBrowsers: StylisPlugin = (element) => {
  if (element.type !== 'decl' || element.return || typeof element.props !== 'string') return;
  if (NEEDS_WEBKIT_COPY.test(element.props)) element.return = `-webkit-${element.value}${element.value}`;
};

/**
 * One array for every cache: on a server, emotion keeps each style's compiled CSS across caches in a memo
 * keyed by this array's identity, so a new array per render compiled every style of every page again
 * (docs/performance.md, "A page's styles compiled once per server").
 */
const shopStylisPlugins: StylisPlugin[] = [prefixForShopBrowsers];

/**
 * The cache emotion writes the shop's styles with (Chakra's styled components, globals and keyframes):
 * its usual key, so class names and the server's `<style data-emotion="css …">` tags are what they were,
 * and the narrowed prefixer. One per render on a server (the styles of one page), one per page in a browser.
 */
export function createShopStyleCache(): EmotionCache {
  const cache = createCache({ key: 'css', stylisPlugins: shopStylisPlugins });
  if (typeof document === 'undefined') return cache;
  takeRenderedStyles(cache);
  // Emotion asks its cache to write each style once, before the style is drawn.
  const insert = cache.insert.bind(cache);
  cache.insert = (selector, serialized, sheet, shouldCache) => {
    applyWholeGlobalStylesFor(serialized.styles);
    return insert(selector, serialized, sheet, shouldCache);
  };
  return cache;
}

/**
 * Marks the styles a server-rendered page already carries as inserted, so that hydrating it writes none of
 * them again, and leaves their tag where the page has it: emotion's own hydration (`data-emotion` tags)
 * moves each tag to the end of the head, which costs the page a style recalculation.
 */
function takeRenderedStyles(cache: EmotionCache) {
  for (const tag of document.querySelectorAll(`style[${RENDERED_STYLES_ATTRIBUTE}]`))
    for (const name of tag.getAttribute(RENDERED_STYLES_ATTRIBUTE)!.split(' ')) cache.inserted[name] = true;
}
