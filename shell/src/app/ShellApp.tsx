import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import type { RuntimeConfig } from './config.ts';
import { ShopProviders } from './providers.tsx';
import { shopRoutes } from './routes.tsx';

const router = createBrowserRouter(shopRoutes);

export function ShellApp({ config }: { config: RuntimeConfig }) {
  return (
    <ShopProviders config={config}>
      <RouterProvider router={router} />
    </ShopProviders>
  );
}
