import type { RemoteRoutesProps } from '@shop/shared-contract';
import { RequireAuth } from '@shop/shared-auth';
import { PageProgress } from '@shop/shared-ui';
import { lazy, Suspense, type ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import { AnnouncementBar } from '../features/home/AnnouncementBar.tsx';
import { HomePage } from '../features/home/HomePage.tsx';

// Every page but the home page is its own chunk, fetched when its route is first visited: a guest on `/`
// downloads neither the catalog nor the checkout. The home page ships in this module because it is where
// most visits land, and index.html already preloads this module (no extra round trip before first paint).
const ProductsPage = lazy(() => import('../features/catalog/ProductsPage.tsx'));
const SearchPage = lazy(() => import('../features/catalog/SearchPage.tsx'));
const ProductPage = lazy(() => import('../features/product/ProductPage.tsx'));
const CartPage = lazy(() => import('../features/cart/CartPage.tsx'));
const ShippingPage = lazy(() => import('../features/checkout/ShippingPage.tsx'));
const ConfirmOrderPage = lazy(() => import('../features/checkout/ConfirmOrderPage.tsx'));
const PaymentPage = lazy(() => import('../features/checkout/PaymentPage.tsx'));
const SuccessPage = lazy(() => import('../features/checkout/SuccessPage.tsx'));
const MyOrdersPage = lazy(() => import('../features/orders/MyOrdersPage.tsx'));
const OrderDetailsPage = lazy(() => import('../features/orders/OrderDetailsPage.tsx'));

/** A signed-in page: guests go to /login and come back here afterwards. */
const signedIn = (page: ReactNode) => <RequireAuth>{page}</RequireAuth>;

/** The storefront's routes, exposed to the shell as `storefront/routes`. */
export default function StorefrontRoutes({ notFound, config }: RemoteRoutesProps) {
  return (
    <div data-remote="storefront">
      {/* A thin bar while a page's chunk arrives; it holds the page's height so the footer does not jump. */}
      <Suspense fallback={<PageProgress label="Loading the page" />}>
        <Routes>
          <Route
            index
            element={
              <>
                <AnnouncementBar />
                <HomePage />
              </>
            }
          />
          <Route path="products" element={<ProductsPage />} />
          <Route path="products/:keyword" element={<ProductsPage />} />
          <Route path="search" element={<SearchPage />} />
          <Route path="product/:id" element={<ProductPage />} />
          <Route path="cart" element={signedIn(<CartPage />)} />
          <Route path="shipping" element={signedIn(<ShippingPage />)} />
          <Route path="order/confirm" element={signedIn(<ConfirmOrderPage />)} />
          <Route path="process/payment" element={signedIn(<PaymentPage payments={config.payments} />)} />
          <Route path="success" element={signedIn(<SuccessPage />)} />
          <Route path="orders/me" element={signedIn(<MyOrdersPage />)} />
          <Route path="order/:id" element={signedIn(<OrderDetailsPage />)} />
          <Route path="*" element={notFound} />
        </Routes>
      </Suspense>
    </div>
  );
}
