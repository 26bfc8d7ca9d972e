import type { Order, OrderStatus } from '@shop/shared-api';

/** The only move an order may make from each status (docs/product.md, how things change); a Delivered order makes none. */
export function nextStatus(status: OrderStatus): OrderStatus | null {
  if (status === 'Processing') return 'Shipped';
  if (status === 'Shipped') return 'Delivered';
  return null;
}

/** Admin tables show the last 8 characters of an order id (docs/product.md, numbers). */
export const shortId = (id: string) => id.slice(-8);

/** Any status other than Delivered counts as pending. */
export const isPending = (order: Pick<Order, 'orderStatus'>) => order.orderStatus !== 'Delivered';

/** How many items an order holds (its lines' quantities added up). */
export const itemCount = (order: Pick<Order, 'orderItems'>) =>
  order.orderItems.reduce((sum, item) => sum + item.quantity, 0);
