import type {
  adminOrdersPageResponseSchema,
  adminOrdersResponseSchema,
  dailyOrdersResponseSchema,
  AdminListQuery,
  DailyOrdersQuery,
  DailyOrdersResponse,
  AdminOrdersPageResponse,
  orderResponseSchema,
  ordersResponseSchema,
  paymentConfirmResponseSchema,
  paymentProcessResponseSchema,
  successMessageSchema,
  successSchema,
  orderPaymentsResponseSchema,
  OrderPaymentsResponse,
  RefundLinesRequest,
  ReturnLinesRequest,
  AdminOrdersResponse,
  NewOrderRequest,
  Order,
  OrderStatus,
  PaymentConfirmRequest,
  PaymentConfirmResponse,
} from '../schemas/index.ts';
import { call, type Answer } from '../client/call.ts';
import { FALLBACK_MESSAGES } from '../errors.ts';

/** POST /order/new (the server recomputes every price and total). */
export async function createOrder(order: NewOrderRequest): Promise<Order> {
  const answer = await call<Answer<typeof orderResponseSchema>>(FALLBACK_MESSAGES.createOrder, (api) =>
    api.post('order/new', { json: order }).json(),
  );
  return answer.order;
}

/** GET /orders/me */
export async function getMyOrders(): Promise<Order[]> {
  const { orders } = await call<Answer<typeof ordersResponseSchema>>(FALLBACK_MESSAGES.getOrders, (api) =>
    api.get('orders/me').json(),
  );
  return orders;
}

/** GET /order/{id} */
export async function getOrder(id: string): Promise<Order> {
  const { order } = await call<Answer<typeof orderResponseSchema>>(FALLBACK_MESSAGES.getOrderDetails, (api) =>
    api.get(`order/${encodeURIComponent(id)}`).json(),
  );
  return order;
}

/** GET /admin/orders */
export function getAllOrders(): Promise<AdminOrdersResponse> {
  return call<Answer<typeof adminOrdersResponseSchema>>(FALLBACK_MESSAGES.getAllOrders, (api) =>
    api.get('admin/orders').json(),
  );
}

/** The query string of a paged admin list: only the parameters given (an empty `q` is left out). */
export function adminListParams({ page, limit, q }: AdminListQuery): URLSearchParams {
  const params = new URLSearchParams();
  params.set('page', String(page ?? 1));
  if (limit !== undefined) params.set('limit', String(limit));
  const search = q?.trim();
  if (search) params.set('q', search);
  return params;
}

/** GET /admin/orders?page&limit&q: one page, newest first, with the figures of the stat cards. */
export function getAdminOrdersPage(query: AdminListQuery): Promise<AdminOrdersPageResponse> {
  return call<Answer<typeof adminOrdersPageResponseSchema>>(FALLBACK_MESSAGES.getAllOrders, (api) =>
    api.get('admin/orders', { searchParams: adminListParams(query) }).json(),
  );
}

/** GET /admin/orders/daily: revenue and orders per day, in the browser's time zone by default. */
export async function getDailyOrders(query: DailyOrdersQuery = {}): Promise<DailyOrdersResponse['days']> {
  const searchParams = new URLSearchParams({
    days: String(query.days ?? 30),
    tz: query.tz ?? Intl.DateTimeFormat().resolvedOptions().timeZone,
  });
  const { days } = await call<Answer<typeof dailyOrdersResponseSchema>>(
    FALLBACK_MESSAGES.getAllOrders,
    (api) => api.get('admin/orders/daily', { searchParams }).json(),
  );
  return days;
}

/**
 * PUT /admin/order/{id} as form data `status` (Processing to Shipped to Delivered only); Shipped with the
 * parcel's carrier and tracking number when given.
 */
export async function updateOrderStatus(
  id: string,
  status: OrderStatus,
  parcel: { carrier?: string | undefined; trackingNumber?: string | undefined } = {},
): Promise<void> {
  const form = new FormData();
  form.set('status', status);
  if (parcel.carrier) form.set('carrier', parcel.carrier);
  if (parcel.trackingNumber) form.set('trackingNumber', parcel.trackingNumber);
  await call<Answer<typeof successSchema> & Record<string, unknown>>(FALLBACK_MESSAGES.updateOrder, (api) =>
    api.put(`admin/order/${encodeURIComponent(id)}`, { body: form }).json(),
  );
}

/** DELETE /admin/order/{id} */
export function deleteOrder(id: string) {
  return call<Partial<Answer<typeof successMessageSchema>>>(FALLBACK_MESSAGES.deleteOrder, (api) =>
    api.delete(`admin/order/${encodeURIComponent(id)}`).json(),
  );
}

/** POST /payment/process: `amount` in paise (order total times 100, rounded); answers the client secret. */
export async function processPayment(amount: number): Promise<string> {
  const answer = await call<Answer<typeof paymentProcessResponseSchema>>(
    FALLBACK_MESSAGES.processPayment,
    (api) => api.post('payment/process', { json: { amount } }).json(),
  );
  return answer.client_secret;
}

/**
 * POST /payment/confirm: the local gateway's card confirmation from the browser. A decline answers with
 * the card provider's message (ApiError), like Stripe's confirmCardPayment error.
 */
export function confirmLocalCardPayment(request: PaymentConfirmRequest): Promise<PaymentConfirmResponse> {
  return call<Answer<typeof paymentConfirmResponseSchema>>(FALLBACK_MESSAGES.processPayment, (api) =>
    api.post('payment/confirm', { json: request }).json(),
  );
}

/** GET /admin/order/{id}/payments: the payment history and each line's refundable units. */
export function getOrderPayments(id: string): Promise<OrderPaymentsResponse> {
  return call<Answer<typeof orderPaymentsResponseSchema>>(FALLBACK_MESSAGES.getOrderPayments, (api) =>
    api.get(`admin/order/${encodeURIComponent(id)}/payments`).json(),
  );
}

/** POST /admin/order/{id}/cancel: stock back, the payment refunded through its gateway. */
export async function cancelOrder(id: string): Promise<Order> {
  const { order } = await call<Answer<typeof orderResponseSchema>>(FALLBACK_MESSAGES.cancelOrder, (api) =>
    api.post(`admin/order/${encodeURIComponent(id)}/cancel`).json(),
  );
  return order;
}

/** POST /admin/order/{id}/refund (not delivered: restocked) or /return (delivered: restocked or not). */
export async function refundOrderLines(
  id: string,
  request: ({ kind: 'refund' } & RefundLinesRequest) | ({ kind: 'return' } & ReturnLinesRequest),
): Promise<Order> {
  const { kind, ...json } = request;
  const { order } = await call<Answer<typeof orderResponseSchema>>(FALLBACK_MESSAGES.refundOrder, (api) =>
    api.post(`admin/order/${encodeURIComponent(id)}/${kind}`, { json }).json(),
  );
  return order;
}
