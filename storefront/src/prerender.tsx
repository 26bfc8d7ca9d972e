import { shellConfig } from '@shop/shared-contract/shell-config';
import { ShopThemeProvider } from '@shop/shared-ui';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import StorefrontRoutes, { preloadPage } from './app/StorefrontRoutes.tsx';

/** The pages published prerendered, each as `prerender-<name>.html` beside mf-manifest.json. */
export const PRERENDERED_PAGES = {
  /** The home page, its featured products still loading. */
  home: '/',
  /** The plain catalog while its first answer loads: skeleton cards with empty picture boxes. */
  catalog: '/products',
  /** A product page while its answer loads (any product: the skeleton is the same). */
  product: '/product/000000000000000000000000',
} as const;

/**
 * A storefront page as the shell's first render draws it for a guest whose page data is still loading.
 * The shell's deploy step writes it into the page served for such an address, so it paints before any
 * JavaScript has loaded; on the catalog and a product page the boot script then draws the first answer's
 * pictures into its picture boxes (ProductImageSkeleton, shared-ui). Run at build time by
 * scripts/prerender.ts.
 */
export async function renderPage(pathname: string): Promise<string> {
  await preloadPage(pathname);
  const config = shellConfig({ shell: 4000, storefront: 4001, admin: 4002, api: 3000 }, {});
  return renderToString(
    <ShopThemeProvider>
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={[pathname]}>
          <StorefrontRoutes notFound={null} config={config} />
        </MemoryRouter>
      </QueryClientProvider>
    </ShopThemeProvider>,
  );
}
