import type { RemoteRoutesProps, RuntimeConfig } from '@shop/shared-contract';
import { RequireAuth } from '@shop/shared-auth';
import { PageProgress, preloadableLazy } from '@shop/shared-ui';
import { Suspense, type ReactNode } from 'react';
import { matchRoutes, useRoutes, type RouteObject } from 'react-router-dom';
import { AnnouncementBar } from '../features/home/AnnouncementBar.tsx';
import { HomePage } from '../features/home/HomePage.tsx';

// Every page but the home page is its own chunk, fetched when its route is first visited: a guest on `/`
// downloads neither the catalog nor the checkout. The home page ships in this module because it is where
// most visits land, and index.html already preloads this module (no extra round trip before first paint).

const productsPage = preloadableLazy(() => import('../features/catalog/ProductsPage.tsx'));
const searchPage = preloadableLazy(() => import('../features/catalog/SearchPage.tsx'));
const productPage = preloadableLazy(() => import('../features/product/ProductPage.tsx'));
const cartPage = preloadableLazy(() => import('../features/cart/CartPage.tsx'));
const shippingPage = preloadableLazy(() => import('../features/checkout/ShippingPage.tsx'));
const confirmOrderPage = preloadableLazy(() => import('../features/checkout/ConfirmOrderPage.tsx'));
const paymentPage = preloadableLazy(() => import('../features/checkout/PaymentPage.tsx'));
const successPage = preloadableLazy(() => import('../features/checkout/SuccessPage.tsx'));
const myOrdersPage = preloadableLazy(() => import('../features/orders/MyOrdersPage.tsx'));
const orderDetailsPage = preloadableLazy(() => import('../features/orders/OrderDetailsPage.tsx'));

/** A signed-in page: guests go to /login and come back here afterwards. */
const signedIn = (page: ReactNode) => <RequireAuth>{page}</RequireAuth>;

interface PageRoute {
  path: string;
  preload: () => Promise<unknown>;
  element: (config: RuntimeConfig) => ReactNode;
  /** Behind sign-in: a server renders its frame only, never a shopper's data. */
  signedIn?: true;
}

/** Each page's address and what it draws there: the routes below, and the landing page's preload. */
const pageRoutes: PageRoute[] = [
  { path: 'products', preload: productsPage.preload, element: () => <productsPage.Page /> },
  { path: 'products/:keyword', preload: productsPage.preload, element: () => <productsPage.Page /> },
  { path: 'search', preload: searchPage.preload, element: () => <searchPage.Page /> },
  { path: 'product/:id', preload: productPage.preload, element: () => <productPage.Page /> },
  { path: 'cart', signedIn: true, preload: cartPage.preload, element: () => signedIn(<cartPage.Page />) },
  {
    path: 'shipping',
    signedIn: true,
    preload: shippingPage.preload,
    element: () => signedIn(<shippingPage.Page />),
  },
  {
    path: 'order/confirm',
    signedIn: true,
    preload: confirmOrderPage.preload,
    element: () => signedIn(<confirmOrderPage.Page />),
  },
  {
    path: 'process/payment',
    signedIn: true,
    preload: paymentPage.preload,
    element: (config) => signedIn(<paymentPage.Page payments={config.payments} />),
  },
  {
    path: 'success',
    signedIn: true,
    preload: successPage.preload,
    element: () => signedIn(<successPage.Page />),
  },
  {
    path: 'orders/me',
    signedIn: true,
    preload: myOrdersPage.preload,
    element: () => signedIn(<myOrdersPage.Page />),
  },
  {
    path: 'order/:id',
    signedIn: true,
    preload: orderDetailsPage.preload,
    element: () => signedIn(<orderDetailsPage.Page />),
  },
];

/** The page routes as React Router matches them, each with its page as its handle. */
const matchedRoutes = pageRoutes.map((route) => ({ path: route.path, handle: route }));

/**
 * The storefront's page at `pathname`: the home page, one of the pages below, or none (not its address),
 * with what fetches its chunk (a failure is left to its lazy load). Matched once: the page server asks this
 * for every render.
 */
export function pageAt(pathname: string): {
  path: string;
  params: Record<string, string | undefined>;
  signedIn: boolean;
  preload: () => Promise<void>;
} | null {
  // The home page is part of this module.
  if (pathname === '/') return { path: '/', params: {}, signedIn: false, preload: async () => {} };
  const [page] = matchRoutes(matchedRoutes, pathname) ?? [];
  if (!page) return null;
  const route = page.route.handle as PageRoute;
  return {
    path: route.path,
    params: page.params,
    signedIn: route.signedIn ?? false,
    preload: async () => {
      await route.preload().catch(() => {});
    },
  };
}

/** The route patterns of the pages behind sign-in: no server renders them, no crawler is sent there. */
export const signedInPaths: readonly string[] = pageRoutes
  .filter((route) => route.signedIn)
  .map((route) => route.path);

/** Fetches the chunk of the page at `pathname`, if it is one of these. */
export async function preloadPage(pathname: string): Promise<void> {
  await pageAt(pathname)?.preload();
}

// The landing page's chunk is part of loading this module (the shell waits for it before its first
// render, index.html has preloaded this module).
if (typeof window !== 'undefined') await preloadPage(window.location.pathname);

/** The routes last made, and what they were made with. */
let madeRoutes: { config: RuntimeConfig; notFound: ReactNode; routes: RouteObject[] } | undefined;

/**
 * The storefront's routes for `config`, made again only for another config or not-found page. React Router
 * keeps what it ranks and compiles of a routes array by the array (patches/README.md); `<Routes>` made a new
 * one from its children on every render, and the page server ranked and compiled them all for every page.
 */
function storefrontRoutes(config: RuntimeConfig, notFound: ReactNode): RouteObject[] {
  if (madeRoutes?.config !== config || madeRoutes.notFound !== notFound) {
    const routes: RouteObject[] = [
      {
        index: true,
        element: (
          <>
            <AnnouncementBar />
            <HomePage />
          </>
        ),
      },
      ...pageRoutes.map(({ path, element }) => ({ path, element: element(config) })),
      { path: '*', element: notFound },
    ];
    madeRoutes = { config, notFound, routes };
  }
  return madeRoutes.routes;
}

/** The storefront's routes, exposed to the shell as `storefront/routes`. */
export default function StorefrontRoutes({ notFound, config }: RemoteRoutesProps) {
  const page = useRoutes(storefrontRoutes(config, notFound));
  return (
    <div data-remote="storefront">
      {/* A thin bar while a page's chunk arrives; it holds the page's height so the footer does not jump. */}
      <Suspense fallback={<PageProgress label="Loading the page" suspenseFallback />}>{page}</Suspense>
    </div>
  );
}
