import { desc, eq, type SQL } from 'drizzle-orm';
import type { Order } from '@shop/shared-api/schemas';
import type { DbOrTx } from '../db/client.ts';
import { orders, users } from '../db/schema.ts';
import { absoluteUrl } from '../http/public-url.ts';
import { toRupees } from '../http/money.ts';

export type OrderRow = typeof orders.$inferSelect;
interface OrderUser {
  id: string;
  name: string;
  email: string;
}

export function toOrderView(row: OrderRow, user: OrderUser, baseUrl: string): Order {
  return {
    _id: row.id,
    user: { _id: user.id, name: user.name, email: user.email },
    shippingInfo: row.shippingInfo,
    orderItems: row.orderItems.map((item) => ({
      product: item.product,
      name: item.name,
      image: absoluteUrl(baseUrl, item.image),
      price: toRupees(item.pricePaise),
      quantity: item.quantity,
    })),
    paymentInfo: { id: row.paymentId, status: row.paymentStatus },
    paidAt: row.paidAt.toISOString(),
    itemsPrice: toRupees(row.itemsPaise),
    taxPrice: toRupees(row.taxPaise),
    shippingPrice: toRupees(row.shippingPaise),
    totalPrice: toRupees(row.totalPaise),
    orderStatus: row.orderStatus,
    deliveredAt: row.deliveredAt ? row.deliveredAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Orders with their buyer, newest first. */
export async function findOrders(db: DbOrTx, where: SQL | undefined, baseUrl: string) {
  const rows = await db
    .select({ order: orders, user: { id: users.id, name: users.name, email: users.email } })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id));
  return rows.map((row) => toOrderView(row.order, row.user, baseUrl));
}
