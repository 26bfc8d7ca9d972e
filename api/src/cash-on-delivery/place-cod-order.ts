import { and, count, eq, notInArray } from 'drizzle-orm';
import type { z } from 'zod';
import { CASH_ON_DELIVERY_PENDING, type cashOnDeliveryOrderRequestSchema } from '@shop/shared-api/schemas';
import type { AppContext } from '../context.ts';
import type { DbOrTx } from '../db/client.ts';
import { orders, users, type UserRow } from '../db/schema.ts';
import { newId } from '../db/ids.ts';
import { badRequest } from '../http/errors.ts';
import { insertOrder, productsOf } from '../orders/order-repository.ts';
import { quantitiesOf } from '../cart/cart-lines.ts';
import { priceLines } from '../orders/place-order.ts';
import { cashOnDeliveryRefusal } from './cod-rules.ts';

type CashOrderInput = z.output<typeof cashOnDeliveryOrderRequestSchema>;

/** The account's cash-on-delivery orders the courier has not delivered (and so not collected) yet, nor cancelled. */
export async function openCashOrdersOf(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ open: count() })
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.paymentMethod, 'cod'),
        notInArray(orders.orderStatus, ['Delivered', 'Cancelled']),
      ),
    );
  return row?.open ?? 0;
}

/**
 * Places a cash-on-delivery order: priced from the catalog, stock taken as for a paid order, NOT PAID
 * (payment status 'pending', no paid date, no invoice) until the admin marks it Delivered. The COD rules
 * are checked in the same transaction, after the shopper's row is locked, so two orders sent at once
 * cannot both squeeze under the limit of open cash orders.
 */
export async function placeCashOnDeliveryOrder(ctx: AppContext, user: UserRow, input: CashOrderInput) {
  const quantities = quantitiesOf(input.orderItems);
  const order = await ctx.db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
    const { items, totals, takeStockOfLines } = await priceLines(tx, quantities);
    const refusal = cashOnDeliveryRefusal(ctx.config.cashOnDelivery, {
      totalPaise: totals.totalPaise,
      pinCode: input.shippingInfo.pinCode,
      openCashOrders: await openCashOrdersOf(tx, user.id),
    });
    if (refusal) throw badRequest(refusal);
    await takeStockOfLines();
    const id = newId();
    return insertOrder(
      tx,
      {
        userId: user.id,
        shippingInfo: input.shippingInfo,
        orderItems: items,
        // No payment to name: the order's own id marks its (one) cash payment.
        paymentId: `cod_${id}`,
        paymentStatus: CASH_ON_DELIVERY_PENDING,
        paymentMethod: 'cod',
        paidAt: null,
        ...totals,
        orderStatus: 'Processing',
        createdAt: new Date(),
      },
      id,
    );
  });
  ctx.catalogCache.invalidate(productsOf(order));
  return order;
}
