import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { shellConfig } from '@shop/shared-contract/shell-config';
import { AppFrame } from './app/AppFrame.tsx';
import { ShopProviders } from './app/providers.tsx';
import { Footer } from './features/navigation/Footer.tsx';
import { Navbar } from './features/navigation/Navbar.tsx';

/** Where the deploy step puts the route's own prerendered HTML (the storefront's home) or a placeholder. */
export const ROUTE_SLOT = '<shop-route-slot></shop-route-slot>';

function RouteSlot() {
  return <shop-route-slot />;
}

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements {
      'shop-route-slot': Record<string, never>;
    }
  }
}

/**
 * The frame (navbar, footer) as React's first render draws it for a guest whose session is still being
 * restored, at `pathname` (its link is the current one), with the slot where the route's content goes.
 * Run at build time by scripts/prerender.ts; emotion writes each style beside the element that uses it.
 */
export function renderFrame(pathname: string): string {
  // Addresses only: the prerender renders no route content and calls no api.
  const config = shellConfig({ shell: 4000, storefront: 4001, admin: 4002, api: 3000 }, {});
  const router = createMemoryRouter(
    [
      {
        element: <AppFrame navbar={<Navbar />} footer={<Footer />} />,
        children: [{ path: '*', element: <RouteSlot /> }],
      },
    ],
    { initialEntries: [pathname] },
  );
  return renderToString(
    <ShopProviders config={config}>
      <RouterProvider router={router} />
    </ShopProviders>,
  );
}
