export * from './schemas/index.ts';

export {
  configureApi,
  apiClient,
  isLeavingForLogin,
  type ApiClientConfig,
  type CallContext,
} from './client/api-client.ts';
export { call } from './client/call.ts';
export { LOGOUT_MESSAGE_KEY, storeLogoutMessage, takeLogoutMessage } from './client/logout-message.ts';
export { ApiError, errorMessage, FALLBACK_MESSAGES, SESSION_EXPIRED_MESSAGE } from './errors.ts';

export * from './endpoints/identity.ts';
export * from './endpoints/profile.ts';
export * from './endpoints/catalog.ts';
export * from './endpoints/admin-products.ts';
export * from './endpoints/admin-users.ts';
export * from './endpoints/orders.ts';
