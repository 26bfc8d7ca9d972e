import { BrowserRouter, useRoutes } from 'react-router-dom';
import { AddressFollowed } from './AddressFollowed.tsx';
import type { RuntimeConfig } from './config.ts';
import { PageCommitted } from './early-input.ts';
import { ShopProviders } from './providers.tsx';
import { shopRoutes } from './routes.tsx';
import { ScrollPosition } from './ScrollPosition.tsx';
import { WholeStylesOnNavigation } from './WholeStylesOnNavigation.tsx';

// A declarative router, not createBrowserRouter: the shop uses no loaders or actions, and the data
// router's code (about half of react-router) would otherwise ship on every page via the shared router.
// The server renders this same tree (src/server/entry.tsx): anything added here is added there too, or
// React's generated ids (useId: a slider's thumbs, a menu) differ between the two and the parts that use
// them break after hydration, without a warning in production.
export function ShopRoutes() {
  return (
    <>
      <ScrollPosition />
      <PageCommitted />
      <AddressFollowed />
      <WholeStylesOnNavigation />
      {useRoutes(shopRoutes)}
    </>
  );
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
