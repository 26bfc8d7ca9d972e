import { shopQueryClient } from '@shop/shared-api';
import { SessionProvider } from '@shop/shared-auth';
import { ShopThemeProvider, ShopToaster, useSystemColorMode } from '@shop/shared-ui';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { EmotionCache } from '@emotion/cache';
import type { ReactNode } from 'react';
import type { RuntimeConfig } from './config.ts';
import { CartFollowsAccount } from './CartFollowsAccount.tsx';
import { RuntimeConfigContext } from './runtime-config.tsx';

/**
 * App-wide providers: the theme (light or dark as the system prefers), the page's one query cache (the
 * remotes' screens read and refresh the same entries), the session of the configured sign-in provider
 * (which also points the api client at config.json's api), and the one toaster that every app's
 * toast.success/error/info calls end up in.
 */
export function ShopProviders({
  config,
  children,
  queryClient = shopQueryClient,
  globalStylesShipped,
  styleCache,
}: {
  config: RuntimeConfig;
  children: ReactNode;
  /** A server render's own cache (one per request); the page's one cache in the browser. */
  queryClient?: QueryClient;
  /** A server render of a page whose head ships the design system's global styles. */
  globalStylesShipped?: boolean;
  /** A server render's own style cache, which it gathers the page's styles from. */
  styleCache?: EmotionCache;
}) {
  useSystemColorMode();
  return (
    <RuntimeConfigContext value={config}>
      <ShopThemeProvider globalStylesShipped={globalStylesShipped} styleCache={styleCache}>
        <QueryClientProvider client={queryClient}>
          <SessionProvider auth={config.auth} apiBaseUrl={config.apiBaseUrl}>
            <CartFollowsAccount />
            {children}
          </SessionProvider>
        </QueryClientProvider>
        <ShopToaster />
      </ShopThemeProvider>
    </RuntimeConfigContext>
  );
}
