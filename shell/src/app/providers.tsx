import { ChakraProvider } from '@chakra-ui/react';
import { shopSystem } from '@shop/shared-ui';
import type { ReactNode } from 'react';
import type { RuntimeConfig } from './config.ts';

/** App-wide providers. The session issue adds the session provider and toaster here. */
export function ShopProviders({ config: _config, children }: { config: RuntimeConfig; children: ReactNode }) {
  return <ChakraProvider value={shopSystem}>{children}</ChakraProvider>;
}
