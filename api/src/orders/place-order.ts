import { toRupees } from '@shop/shared-api/schemas';
import type { z } from 'zod';
import type { FastifyBaseLogger } from 'fastify';
import type { newOrderRequestSchema } from '@shop/shared-api/schemas';
import type { AppContext } from '../context.ts';
import type { Tx } from '../db/client.ts';
import type { StoredOrderItem, UserRow } from '../db/schema.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { badRequest, HttpError, notFound } from '../http/errors.ts';
import { priceOrder } from './pricing.ts';
import { insertOrder, lockProducts, paymentSpentOn, productsOf, takeStock } from './order-repository.ts';
import { refundRefusedPayment } from './refunds.ts';
import { issueInvoice } from '../invoices/invoice-repository.ts';
import { quantitiesOf } from '../cart/cart-lines.ts';

type OrderInput = z.output<typeof newOrderRequestSchema>;

const PAYMENT_USED = 'This payment has already been used for an order';
const PAYMENT_REFUNDED = 'This payment was refunded; start the payment again';
const ROUNDING_TOLERANCE_PAISE = 1;

/**
 * Locks the order's products (in id order) and prices the lines from the catalog: the lines as sold
 * (with each product's category, for the invoice's HSN code) and the checkout figures.
 */
export async function priceLines(tx: Tx, quantities: Map<string, number>) {
  const ids = [...quantities.keys()];
  const byId = new Map((await lockProducts(tx, ids)).map((row) => [row.id, row]));
  const missing = ids.find((id) => !byId.has(id));
  if (missing) throw notFound(`Product not found: ${missing}`);
  const items: StoredOrderItem[] = [...quantities].map(([id, quantity]) => {
    const product = byId.get(id)!;
    return {
      product: product.id,
      name: product.name,
      image: product.images[0]?.url ?? '',
      pricePaise: product.pricePaise,
      quantity,
      category: product.category,
    };
  });
  const takeStockOfLines = async () => {
    for (const item of items) {
      const product = byId.get(item.product)!;
      if (product.stock < item.quantity || !(await takeStock(tx, item.product, item.quantity))) {
        throw badRequest(`Insufficient stock for ${product.name}: ${product.stock} left`);
      }
    }
  };
  return { items, totals: priceOrder(items), takeStockOfLines };
}

/**
 * Creates an order from product ids and quantities only. Prices, tax, shipping and total come from the
 * catalog; the payment intent must have succeeded, for exactly that total, for this user, and never have
 * paid for another order. Stock is checked and decremented in the same transaction, under row locks taken
 * in id order, so concurrent orders never oversell or deadlock. A verified payment whose order is then
 * refused (stock ran out, product gone, amount differs) is refunded at once through the same gateway.
 */
export async function placeOrder(ctx: AppContext, user: UserRow, input: OrderInput, log: FastifyBaseLogger) {
  const quantities = quantitiesOf(input.orderItems);

  const paymentId = input.paymentInfo.id;
  const intent = /^pi_[A-Za-z0-9_]{1,250}$/.test(paymentId)
    ? await ctx.payments.retrieveIntent(paymentId)
    : null;
  if (!intent) throw badRequest('Payment could not be verified');
  if (intent.userId !== user.id) throw badRequest('This payment was not made by you');
  if (intent.status === 'refunded') throw badRequest(PAYMENT_REFUNDED);
  if (intent.status !== 'succeeded') throw badRequest('Payment has not succeeded');
  if (intent.currency !== 'inr') throw badRequest('Payment currency must be INR');
  const spent = await paymentSpentOn(ctx.db, paymentId);
  if (spent) throw badRequest(spent === 'refund' ? PAYMENT_REFUNDED : PAYMENT_USED);

  try {
    const order = await ctx.db.transaction(async (tx) => {
      const { items, totals, takeStockOfLines } = await priceLines(tx, quantities);
      // The browser computes GST in floating-point rupees; on an exact half paisa it can round the other
      // way, so one paisa either side is the same amount. Anything more is refused.
      if (Math.abs(intent.amountPaise - totals.totalPaise) > ROUNDING_TOLERANCE_PAISE) {
        throw badRequest(
          `Payment amount (₹${toRupees(intent.amountPaise)}) does not match the order total (₹${toRupees(totals.totalPaise)})`,
        );
      }
      await takeStockOfLines();
      const now = new Date();
      const order = await insertOrder(tx, {
        userId: user.id,
        shippingInfo: input.shippingInfo,
        orderItems: items,
        paymentId,
        paymentStatus: intent.status,
        paymentMethod: 'card',
        paidAt: now,
        ...totals,
        orderStatus: 'Processing',
        createdAt: now,
      });
      // Paid now, so invoiced now, in the same transaction (last: the invoice counter is held to commit).
      const invoice = await issueInvoice(tx, order, user, ctx.config.gst, now);
      return { order, invoice };
    });
    ctx.catalogCache.invalidate(productsOf(order.order));
    ctx.metrics.orderPlaced();
    return order;
  } catch (error) {
    if (isUniqueViolation(error)) throw badRequest(PAYMENT_USED);
    if (!(error instanceof HttpError) || error.statusCode >= 500) throw error;
    // The shopper paid and gets no order: the money goes back now, never left to an operator.
    const refund = await refundRefusedPayment(ctx.db, ctx.payments, log, { id: paymentId, userId: user.id });
    if (refund === null) throw error;
    ctx.metrics.paymentRefused('order_refused');
    ctx.metrics.paymentRefunded(refund);
    const amount = `₹${toRupees(intent.amountPaise)}`;
    throw new HttpError(
      error.statusCode,
      refund === 'refunded'
        ? `${error.message}. Your payment of ${amount} has been refunded.`
        : `${error.message}. Your payment of ${amount} will be refunded automatically.`,
    );
  }
}
