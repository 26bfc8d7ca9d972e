// Types of every schema, and the values a page needs without the validators: zod stays off the first page
// and loads with the first form (`@shop/shared-api/schemas`, shared on its own).
export type * from './schemas/index.ts';
export * from './schemas/constants.ts';
export * from './schemas/pricing.ts';

export {
  configureApi,
  apiClient,
  isLeavingForLogin,
  type ApiClientConfig,
  type CallContext,
  type UploadProgressHandler,
} from './client/api-client.ts';
export { call } from './client/call.ts';
export { saveFile } from './client/save-file.ts';
export { firstCallArrival } from './client/first-call.ts';
export { LOGOUT_MESSAGE_KEY, storeLogoutMessage, takeLogoutMessage } from './client/logout-message.ts';
export {
  ApiError,
  errorMessage,
  failureMessage,
  FALLBACK_MESSAGES,
  SESSION_EXPIRED_MESSAGE,
} from './errors.ts';

export * from './endpoints/identity.ts';
export * from './endpoints/profile.ts';
export * from './endpoints/catalog.ts';
export * from './endpoints/orders.ts';
export * from './endpoints/cart.ts';
export * from './endpoints/site-health.ts';
export * from './endpoints/payment-methods.ts';
export * from './endpoints/admin-calls.ts';

export {
  shopQueryClient,
  isWorthRetrying,
  retryDelay,
  MAX_QUERY_RETRIES,
} from './query/shop-query-client.ts';
export { queryKeys } from './query/query-keys.ts';
export { startFromPageData } from './query/page-data.ts';
export * from './query/queries.ts';
export type { ProductSummary, ProductSummaryList } from './query/product-summary.ts';
export {
  useProductSuggestions,
  SUGGEST_PAUSE_MS,
  type ProductSuggestions,
} from './query/use-product-suggestions.ts';
