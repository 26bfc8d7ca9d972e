import { queryOptions } from '@tanstack/react-query';
import {
  getAdminActivity,
  getAdminProducts,
  getAdminProductsPage,
  getReleaseHealth,
  getUserDetails,
  getUsers,
  getUsersPage,
} from '../endpoints/admin-calls.ts';
import type {
  AdminActivityQuery,
  AdminListQuery,
  AdminProductsQuery,
  Product,
  ProductListResponse,
} from '../schemas/index.ts';
import { summarizeProductList } from './product-summary.ts';
import { apiUrl } from '../client/api-client.ts';
import { takeArrivedFirstCall } from '../client/first-call.ts';
import {
  getProduct,
  getProductReviews,
  getProducts,
  getProductSuggestions,
  normalizeProductSearch,
  productSearchParams,
  type ProductSearch,
} from '../endpoints/catalog.ts';
import {
  getAdminOrdersPage,
  getAllOrders,
  getDailyOrders,
  getMyOrders,
  getOrder,
  getOrderPayments,
} from '../endpoints/orders.ts';
import { queryKeys } from './query-keys.ts';
import { getSiteHealth } from '../endpoints/site-health.ts';

// One query per endpoint a screen reads, so the storefront and the admin panel share cache entries.

export const productListQuery = (search: ProductSearch) => {
  const normalized = normalizeProductSearch(search);
  return queryOptions({
    queryKey: queryKeys.productList(normalized),
    queryFn: async () => summarizeProductList(await getProducts(normalized)),
    // A landing page's answer that the boot script already holds is there from the first render.
    initialData: () => {
      const arrived = takeArrivedFirstCall(apiUrl('products', productSearchParams(normalized))) as
        ProductListResponse | undefined;
      return arrived && summarizeProductList(arrived);
    },
  });
};

export const productQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.product(id),
    queryFn: () => getProduct(id),
    initialData: () =>
      (takeArrivedFirstCall(apiUrl(`product/${encodeURIComponent(id)}`)) as { product?: Product } | undefined)
        ?.product,
  });

/**
 * The search box's suggestions for `text` (trimmed, lowercased: the api answers "Lap" and "lap " alike).
 * The query function hands its signal to the request, so text typed on cancels the answer it outdates.
 */
export const productSuggestionsQuery = (text: string) => {
  const typed = text.trim().toLowerCase();
  return queryOptions({
    queryKey: queryKeys.productSuggestions(typed),
    queryFn: ({ signal }) => getProductSuggestions(typed, signal),
    // Typing back over the same letters within a minute shows what was fetched for them.
    staleTime: 60_000,
  });
};

export const productReviewsQuery = (productId: string) =>
  queryOptions({
    queryKey: queryKeys.productReviews(productId),
    queryFn: () => getProductReviews(productId),
  });

export const adminProductsQuery = () =>
  queryOptions({ queryKey: queryKeys.adminProducts, queryFn: getAdminProducts });

export const myOrdersQuery = () => queryOptions({ queryKey: queryKeys.myOrders, queryFn: getMyOrders });

export const orderQuery = (id: string) =>
  queryOptions({ queryKey: queryKeys.order(id), queryFn: () => getOrder(id) });

export const orderPaymentsQuery = (id: string) =>
  queryOptions({ queryKey: queryKeys.orderPayments(id), queryFn: () => getOrderPayments(id) });

export const allOrdersQuery = () => queryOptions({ queryKey: queryKeys.allOrders, queryFn: getAllOrders });

export const dailyOrdersQuery = (days = 30) =>
  queryOptions({ queryKey: queryKeys.dailyOrders(days), queryFn: () => getDailyOrders({ days }) });

/** The admin's Site health card: a minute old at most while the dashboard stays open. */
export const siteHealthQuery = () =>
  queryOptions({ queryKey: queryKeys.siteHealth, queryFn: getSiteHealth, staleTime: 60_000 });

export const allUsersQuery = () => queryOptions({ queryKey: queryKeys.allUsers, queryFn: getUsers });

export const userQuery = (id: string) =>
  queryOptions({ queryKey: queryKeys.user(id), queryFn: () => getUserDetails(id) });

// The admin lists one page at a time (optional api paging): the rows of the page and the stat figures.

export const adminProductsPageQuery = (query: AdminProductsQuery) =>
  queryOptions({ queryKey: queryKeys.adminProductsPage(query), queryFn: () => getAdminProductsPage(query) });

export const adminOrdersPageQuery = (query: AdminListQuery) =>
  queryOptions({ queryKey: queryKeys.adminOrdersPage(query), queryFn: () => getAdminOrdersPage(query) });

export const adminUsersPageQuery = (query: AdminListQuery) =>
  queryOptions({ queryKey: queryKeys.adminUsersPage(query), queryFn: () => getUsersPage(query) });

export const releaseHealthQuery = (remote: 'storefront' | 'admin') =>
  queryOptions({ queryKey: queryKeys.releaseHealth(remote), queryFn: () => getReleaseHealth(remote) });

/** The audit trail, a page at a time; never served from an old cache entry (every admin write adds to it). */
export const adminActivityQuery = (query: AdminActivityQuery) =>
  queryOptions({
    queryKey: queryKeys.adminActivityPage(query),
    queryFn: () => getAdminActivity(query),
    staleTime: 0,
  });
