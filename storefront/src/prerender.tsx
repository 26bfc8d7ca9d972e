import { shellConfig } from '@shop/shared-contract/shell-config';
import { ShopThemeProvider } from '@shop/shared-ui';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import StorefrontRoutes from './app/StorefrontRoutes.tsx';

/**
 * The storefront's home as the shell's first render draws it for a guest (featured products still
 * loading), published beside mf-manifest.json as `prerender-home.html`: the shell's deploy step writes it
 * into the page, so the hero is in the first response. Run at build time by scripts/prerender.ts.
 */
export function renderHome(): string {
  const config = shellConfig({ shell: 4000, storefront: 4001, admin: 4002, api: 3000 }, {});
  return renderToString(
    <ShopThemeProvider>
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={['/']}>
          <StorefrontRoutes notFound={null} config={config} />
        </MemoryRouter>
      </QueryClientProvider>
    </ShopThemeProvider>,
  );
}
