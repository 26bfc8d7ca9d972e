import type { ProductSearch } from '../endpoints/catalog.ts';
import type { AdminActivityQuery, AdminListQuery, AdminProductsQuery } from '../schemas/index.ts';

/**
 * Keys of the shared query cache. Each family starts with one root, so a write invalidates everything it
 * can have changed: a product edit `catalog`, an order placed or processed `orders`.
 */
export const queryKeys = {
  catalog: ['catalog'] as const,
  productList: (search: ProductSearch) => ['catalog', 'list', search] as const,
  product: (id: string) => ['catalog', 'product', id] as const,
  productSuggestions: (text: string) => ['catalog', 'suggest', text] as const,
  productReviews: (productId: string) => ['catalog', 'reviews', productId] as const,
  adminProducts: ['catalog', 'admin-products'] as const,
  adminProductsPage: (query: AdminProductsQuery) => ['catalog', 'admin-products', 'page', query] as const,
  orders: ['orders'] as const,
  myOrders: ['orders', 'mine'] as const,
  order: (id: string) => ['orders', 'detail', id] as const,
  orderPayments: (id: string) => ['orders', 'detail', id, 'payments'] as const,
  allOrders: ['orders', 'all'] as const,
  adminOrdersPage: (query: AdminListQuery) => ['orders', 'all', 'page', query] as const,
  dailyOrders: (days: number) => ['orders', 'all', 'daily', days] as const,
  siteHealth: ['site-health'] as const,
  users: ['users'] as const,
  allUsers: ['users', 'all'] as const,
  adminUsersPage: (query: AdminListQuery) => ['users', 'all', 'page', query] as const,
  user: (id: string) => ['users', 'detail', id] as const,
  // Every admin write adds to it, so each of their invalidations also names it (or it is refetched on open).
  adminActivity: ['admin-activity'] as const,
  adminActivityPage: (query: AdminActivityQuery) => ['admin-activity', query] as const,
  releases: ['releases'] as const,
  releaseHealth: (remote: string) => ['releases', 'health', remote] as const,
};
