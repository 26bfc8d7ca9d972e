import { ChakraProvider, type SystemContext } from '@chakra-ui/react';
import { SHIPPED_GLOBAL_STYLES_ID } from '@shop/shared-contract';
import type { ReactNode } from 'react';
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
}: {
  children: ReactNode;
  /** The page being rendered ships them (a server render of a page the page server writes): leave them out. */
  globalStylesShipped?: boolean;
}) {
  const system = getShopSystem();
  const shipped = globalStylesShipped ?? pageShipsGlobalStyles();
  return <ChakraProvider value={shipped ? overShippedStyles(system) : system}>{children}</ChakraProvider>;
}
