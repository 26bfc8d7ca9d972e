import { ChakraProvider } from '@chakra-ui/react';
import { SessionProvider } from '@shop/shared-auth';
import { shopSystem, ShopToaster, useSystemColorMode } from '@shop/shared-ui';
import type { ReactNode } from 'react';
import type { RuntimeConfig } from './config.ts';

/**
 * App-wide providers: the theme (light or dark as the system prefers), the session of the configured
 * sign-in provider (which also points the api client at config.json's api), and the one toaster that
 * every app's toast.success/error/info calls end up in.
 */
export function ShopProviders({ config, children }: { config: RuntimeConfig; children: ReactNode }) {
  useSystemColorMode();
  return (
    <ChakraProvider value={shopSystem}>
      <SessionProvider auth={config.auth} apiBaseUrl={config.apiBaseUrl}>
        {children}
      </SessionProvider>
      <ShopToaster />
    </ChakraProvider>
  );
}
