import { BrowserRouter, useRoutes } from 'react-router-dom';
import type { RuntimeConfig } from './config.ts';
import { ShopProviders } from './providers.tsx';
import { shopRoutes } from './routes.tsx';

// A declarative router, not createBrowserRouter: the shop uses no loaders or actions, and the data
// router's code (about half of react-router) would otherwise ship on every page via the shared router.
export function ShopRoutes() {
  return useRoutes(shopRoutes);
}

export function ShellApp({ config }: { config: RuntimeConfig }) {
  return (
    <ShopProviders config={config}>
      <BrowserRouter>
        <ShopRoutes />
      </BrowserRouter>
    </ShopProviders>
  );
}
