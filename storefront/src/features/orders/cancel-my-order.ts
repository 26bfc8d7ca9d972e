import { call, type Order } from '@shop/shared-api';

/** What a shopper reads when the cancellation got no answer of its own (offline, server down). */
export const CANCEL_ORDER_FAILED = 'Could not cancel the order';

/**
 * POST /order/{id}/cancel: the shopper's own order, while it is Processing; the server puts its stock back
 * and refunds what was paid. Called through the shared client's `call`, not a new export of
 * `@shop/shared-api`: a storefront release must work in the shells already deployed.
 */
export async function cancelMyOrder(id: string): Promise<Order> {
  const { order } = await call<{ order: Order }>(CANCEL_ORDER_FAILED, (api) =>
    api.post(`order/${encodeURIComponent(id)}/cancel`).json(),
  );
  return order;
}
