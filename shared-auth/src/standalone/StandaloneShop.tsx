import { shopQueryClient } from '@shop/shared-api';
import { defaultPorts, type RuntimeConfig } from '@shop/shared-contract';
import { shellConfig } from '@shop/shared-contract/shell-config';
import { ShopThemeProvider, ShopToaster } from '@shop/shared-ui';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { BrowserRouter } from 'react-router-dom';
// Through the package's own name, not a relative path: the remote's code and this provider must meet the
// same shared session store.
import { SessionProvider } from '@shop/shared-auth';

/**
 * Its own entry (`@shop/shared-auth/standalone`): only a remote's standalone dev page needs it, and building
 * this config needs zod, which the shop's pages load only with a form.
 *
 * The config a remote on its own dev server uses: the local api and providers on the default ports.
 */
export const standaloneConfig: RuntimeConfig = shellConfig(defaultPorts, {});

/**
 * What the shell gives a remote, for a remote team working without the shell (`pnpm --filter … dev`):
 * theme, query cache, session, toasts and a router. In the shop the shell renders all of these once.
 */
export function StandaloneShop({ children }: { children: ReactNode }) {
  return (
    <ShopThemeProvider>
      <QueryClientProvider client={shopQueryClient}>
        <SessionProvider auth={standaloneConfig.auth} apiBaseUrl={standaloneConfig.apiBaseUrl}>
          <BrowserRouter>{children}</BrowserRouter>
        </SessionProvider>
      </QueryClientProvider>
      <ShopToaster />
    </ShopThemeProvider>
  );
}
