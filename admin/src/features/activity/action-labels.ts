import type { AdminAction } from '@shop/shared-api';

/** What each audited write is called on the Activity screen (here: only this screen says them). */
export const ADMIN_ACTION_LABELS: Record<AdminAction, string> = {
  'product.create': 'Product created',
  'product.update': 'Product updated',
  'product.delete': 'Product deleted',
  'order.status': 'Order status changed',
  'order.delete': 'Order deleted',
  'order.refund': 'Order refunded',
  'order.cancel': 'Order cancelled',
  'order.shipping': 'Order shipping changed',
  'user.update': 'User updated',
  'user.delete': 'User deleted',
  'review.delete': 'Review deleted',
  'catalog.import': 'Catalog imported',
};
