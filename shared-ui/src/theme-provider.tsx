import type { EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { ChakraProvider, type SystemContext } from '@chakra-ui/react';
import { SHIPPED_GLOBAL_STYLES_ID } from '@shop/shared-contract';
import { useState, type ReactNode } from 'react';
import { createShopStyleCache } from './style-cache.ts';
import { getShopSystem } from './theme.ts';

let systemOverShippedStyles: SystemContext | undefined;

/**
 * The system with its global styles left to the page's stylesheet: Chakra's provider draws
 * `system._global` with emotion's <Global>, and reading it builds the styles (~45 % of creating the
 * system, patches/README.md) that emotion then serialises again, ~37 KB of CSS, on the main thread of
 * every first load. Everything else is the system itself, through the prototype.
 */
function overShippedStyles(system: SystemContext): SystemContext {
  systemOverShippedStyles ??= Object.create(system, { _global: { value: [] } }) as SystemContext;
  return systemOverShippedStyles;
}

let pageStyleCache: EmotionCache | undefined;

/**
 * A browser page's one style cache, whichever app's provider draws first: emotion inserts each style once.
 * A server render gets its own, so that its page carries every style it uses.
 */
const defaultStyleCache = () =>
  typeof document === 'undefined' ? createShopStyleCache() : (pageStyleCache ??= createShopStyleCache());

const pageShipsGlobalStyles = () =>
  typeof document !== 'undefined' && document.getElementById(SHIPPED_GLOBAL_STYLES_ID) !== null;

/**
 * The shop's theme for every app. On a page the deploy step wrote, the global styles are already in the
 * page; anywhere else (a dev server, a standalone remote, tests, the build's prerender) they are drawn
 * here, as Chakra does.
 */
export function ShopThemeProvider({
  children,
  globalStylesShipped,
  styleCache,
}: {
  children: ReactNode;
  /** The page being rendered ships them (a server render of a page the page server writes): leave them out. */
  globalStylesShipped?: boolean;
  /** Where the styles go: a server render passes its own, to gather them from (createShopStyleCache). */
  styleCache?: EmotionCache;
}) {
  const [cache] = useState(() => styleCache ?? defaultStyleCache());
  const system = getShopSystem();
  const shipped = globalStylesShipped ?? pageShipsGlobalStyles();
  return (
    <CacheProvider value={cache}>
      <ChakraProvider value={shipped ? overShippedStyles(system) : system}>{children}</ChakraProvider>
    </CacheProvider>
  );
}
