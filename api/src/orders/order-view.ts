import { toRupees, trackingUrlOf } from '@shop/shared-api/schemas';
import type { Order } from '@shop/shared-api/schemas';
import type { OrderRow } from '../db/schema.ts';
import { absoluteUrl } from '../http/public-url.ts';

interface OrderUser {
  id: string;
  name: string;
  email: string;
}

export function toOrderView(
  row: OrderRow,
  user: OrderUser,
  baseUrl: string,
  invoice: { number: string; issuedAt: Date } | null = null,
): Order {
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
    paymentMethod: row.paymentMethod,
    paidAt: row.paidAt ? row.paidAt.toISOString() : null,
    invoice: invoice ? { number: invoice.number, issuedAt: invoice.issuedAt.toISOString() } : null,
    itemsPrice: toRupees(row.itemsPaise),
    taxPrice: toRupees(row.taxPaise),
    shippingPrice: toRupees(row.shippingPaise),
    totalPrice: toRupees(row.totalPaise),
    orderStatus: row.orderStatus,
    deliveredAt: row.deliveredAt ? row.deliveredAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    refundedPrice: toRupees(row.refundedPaise),
    cancelledAt: row.cancelledAt ? row.cancelledAt.toISOString() : null,
    shipment: row.shippedAt
      ? {
          carrier: row.carrier,
          trackingNumber: row.trackingNumber,
          trackingUrl: trackingUrlOf(row.carrier, row.trackingNumber),
          shippedAt: row.shippedAt.toISOString(),
        }
      : null,
  };
}
