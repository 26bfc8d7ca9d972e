import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { GST_PERCENT } from '@shop/shared-api/schemas';
import { isPaid } from '@shop/shared-contract';
import type { Db, DbOrTx } from '../db/client.ts';
import { newId } from '../db/ids.ts';
import {
  orderRefunds,
  orders,
  products,
  type OrderRefundRow,
  type OrderRow,
  type RefundedLine,
} from '../db/schema.ts';
import { badRequest, HttpError, notFound } from '../http/errors.ts';
import type { PaymentRefunder, RefundGateway } from '../payment-gateways/payment-refunder.ts';
import { recordAdminChange } from '../audit/audit-trail.ts';
import { lockOrder, orderAuditFields } from './order-repository.ts';

/**
 * Who gives the money back, named in the order's payment history and the audit trail: an admin, or the
 * shopper cancelling their own order.
 */
export interface Refunder {
  id: string;
  name: string;
  email: string;
}

export type LineRefundKind = 'refund' | 'return';

const noSuchOrder = () => notFound('Order not found with this Id');

/** The gateway's idempotency key of an order's nth refund: a retry of that refund repeats it. */
export const idempotencyKeyOf = (refund: Pick<OrderRefundRow, 'orderId' | 'sequence'>) =>
  `refund-${refund.orderId}-${refund.sequence}`;

/** What the shopper paid (a cash order not delivered yet has paid nothing). */
export const paidPaiseOf = (order: OrderRow) => (isPaid(order.paymentStatus) ? order.totalPaise : 0);

/**
 * Which gateway took the order's payment, looked up before the transaction: on PGlite's one connection a
 * lookup outside the open transaction would wait for it.
 */
async function gatewayOfOrder(db: Db, refunder: PaymentRefunder, id: string) {
  const [row] = await db.select({ paymentId: orders.paymentId }).from(orders).where(eq(orders.id, id));
  return refunder.gatewayOf(row?.paymentId ?? '');
}

export async function refundsOf(db: DbOrTx, orderId: string) {
  return db
    .select()
    .from(orderRefunds)
    .where(eq(orderRefunds.orderId, orderId))
    .orderBy(asc(orderRefunds.sequence));
}

/** Per product of the order: how many were refunded, and how many of those went back on the shelf. */
function ledgerOf(refunds: OrderRefundRow[]) {
  const refunded = new Map<string, number>();
  const restocked = new Map<string, number>();
  for (const line of refunds.flatMap((refund) => refund.lines)) {
    refunded.set(line.product, (refunded.get(line.product) ?? 0) + line.quantity);
    if (line.restocked) restocked.set(line.product, (restocked.get(line.product) ?? 0) + line.quantity);
  }
  return { refunded, restocked };
}

/** Each line's quantity not refunded yet. */
export function refundableLines(order: OrderRow, refunds: OrderRefundRow[]) {
  const { refunded } = ledgerOf(refunds);
  return order.orderItems.map((item) => ({
    product: item.product,
    name: item.name,
    quantity: item.quantity,
    refundable: item.quantity - (refunded.get(item.product) ?? 0),
  }));
}

/** Puts units back in stock, in product id order (as orders take them, so the two never deadlock). */
async function restock(tx: DbOrTx, lines: { product: string; quantity: number }[]) {
  const sorted = lines.filter((line) => line.quantity > 0).sort((a, b) => a.product.localeCompare(b.product));
  for (const line of sorted)
    await tx
      .update(products)
      .set({ stock: sql`${products.stock} + ${line.quantity}` })
      .where(eq(products.id, line.product));
}

/** The units of the order still out of stock's reach (bought and not put back by a refund). */
function unitsNotRestocked(order: OrderRow, refunds: OrderRefundRow[]) {
  const { restocked } = ledgerOf(refunds);
  return order.orderItems.map((item) => ({
    product: item.product,
    quantity: item.quantity - (restocked.get(item.product) ?? 0),
  }));
}

/**
 * Records the order's next refund and adds it to the order's refunded sum, in the caller's transaction.
 * The (order, sequence) key stands behind the order's row lock: a second claim of the same number fails.
 * Cash is handed back by the shop itself, so it is refunded at once; a gateway's refund is `pending`
 * until `settleRefund` has its answer.
 */
async function claimRefund(
  tx: DbOrTx,
  order: OrderRow,
  previous: OrderRefundRow[],
  values: {
    kind: OrderRefundRow['kind'];
    lines: RefundedLine[];
    amountPaise: number;
    gateway: RefundGateway;
    by: Refunder;
  },
) {
  const now = new Date();
  const [refund] = await tx
    .insert(orderRefunds)
    .values({
      id: newId(),
      orderId: order.id,
      sequence: previous.length + 1,
      kind: values.kind,
      paymentId: order.paymentId,
      gateway: values.gateway,
      amountPaise: values.amountPaise,
      lines: values.lines,
      status: values.gateway === 'cash' ? 'refunded' : 'pending',
      byUserId: values.by.id,
      byName: values.by.name,
      createdAt: now,
      refundedAt: values.gateway === 'cash' ? now : null,
    })
    .returning();
  await tx
    .update(orders)
    .set({ refundedPaise: sql`${orders.refundedPaise} + ${values.amountPaise}` })
    .where(eq(orders.id, order.id));
  return refund!;
}

/**
 * Sends a claimed refund to the gateway with its idempotency key and marks it refunded. A failing gateway
 * leaves it pending for the minute's retry (retryPendingOrderRefunds), which repeats the same key.
 */
export async function settleRefund(
  db: Db,
  refunder: PaymentRefunder,
  refund: OrderRefundRow,
  log: FastifyBaseLogger,
): Promise<OrderRefundRow['status']> {
  if (refund.status === 'refunded') return 'refunded';
  try {
    await refunder.refund(refund.paymentId, {
      amountPaise: refund.amountPaise,
      idempotencyKey: idempotencyKeyOf(refund),
    });
  } catch (error) {
    log.error(
      { err: error, orderId: refund.orderId, refund: refund.sequence },
      'order refund failed; it will be retried',
    );
    return 'pending';
  }
  await db
    .update(orderRefunds)
    .set({ status: 'refunded', refundedAt: new Date() })
    .where(eq(orderRefunds.id, refund.id));
  return 'refunded';
}

/** Finishes the order refunds a gateway failed at the time (same key: a refund that did go through is not repeated). */
export async function retryPendingOrderRefunds(db: Db, refunder: PaymentRefunder, log: FastifyBaseLogger) {
  const pending = await db.select().from(orderRefunds).where(eq(orderRefunds.status, 'pending')).limit(200);
  let refunded = 0;
  for (const refund of pending)
    if ((await settleRefund(db, refunder, refund, log)) === 'refunded') refunded++;
  return refunded;
}

/** A shopper cancels their own order only until it is shipped (an admin may until it is delivered). */
export const SHIPPED_CANNOT_BE_CANCELLED = 'This order has been shipped and can no longer be cancelled';

/**
 * Cancels an order not delivered yet, in one transaction: every unit not put back yet goes back in stock,
 * the order becomes Cancelled, and what was paid and not refunded yet is claimed as a refund (none for a
 * cash order never paid). The caller settles the refund with the gateway after the commit. With
 * `byShopper`, `by` is the shopper, who cancels only their own order (another's is 404, as reading it is)
 * and only while it is Processing; the rules are checked on the locked row, so an order shipped
 * meanwhile is refused, not cancelled.
 */
export async function cancelOrder(
  db: Db,
  refunder: PaymentRefunder,
  id: string,
  by: Refunder,
  { byShopper = false }: { byShopper?: boolean } = {},
) {
  const gateway = await gatewayOfOrder(db, refunder, id);
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, id);
    if (!order || (byShopper && order.userId !== by.id)) throw noSuchOrder();
    if (order.orderStatus === 'Cancelled') throw badRequest('This order is already cancelled');
    if (order.orderStatus === 'Delivered')
      throw badRequest('A delivered order cannot be cancelled: record a return of its lines instead');
    if (byShopper && order.orderStatus !== 'Processing') throw badRequest(SHIPPED_CANNOT_BE_CANCELLED);
    const previous = await refundsOf(tx, id);
    await restock(tx, unitsNotRestocked(order, previous));
    const left = paidPaiseOf(order) - order.refundedPaise;
    const refund =
      left > 0
        ? await claimRefund(tx, order, previous, {
            kind: 'cancel',
            lines: refundableLines(order, previous)
              .filter((line) => line.refundable > 0)
              .map((line) => ({
                product: line.product,
                name: line.name,
                quantity: line.refundable,
                restocked: true,
              })),
            amountPaise: left,
            gateway,
            by,
          })
        : null;
    const [cancelled] = await tx
      .update(orders)
      .set({ orderStatus: 'Cancelled', cancelledAt: new Date() })
      .where(eq(orders.id, id))
      .returning();
    // The audit trail is the admins' (the Activity screen); a shopper's cancellation is named in the
    // order's payment history instead.
    if (!byShopper)
      await recordAdminChange(tx, {
        actor: by,
        action: 'order.cancel',
        targetId: id,
        before: orderAuditFields(order),
        after: orderAuditFields(cancelled!),
      });
    return { order: cancelled!, refund };
  });
}

/** Items plus their GST, as the order priced them (pricing.ts): what refunding these lines gives back. */
function linesPaise(order: OrderRow, lines: { product: string; quantity: number }[]) {
  const items = lines.reduce(
    (sum, line) =>
      sum + order.orderItems.find((item) => item.product === line.product)!.pricePaise * line.quantity,
    0,
  );
  return items + Math.round((items * GST_PERCENT) / 100);
}

/**
 * Refunds chosen lines in one transaction: of an order not delivered yet ('refund', always restocked), or
 * lines a delivered order's shopper sent back ('return', restocked or not). Refused when another refund
 * happened since the admin looked (`refundsSeen`), when a line has fewer units left to refund, or when
 * nothing was paid. Never more than paid minus already refunded.
 */
export async function refundOrderLines(
  db: Db,
  refunder: PaymentRefunder,
  id: string,
  by: Refunder,
  request: {
    kind: LineRefundKind;
    lines: { product: string; quantity: number }[];
    restock: boolean;
    refundsSeen: number;
  },
) {
  const gateway = await gatewayOfOrder(db, refunder, id);
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, id);
    if (!order) throw noSuchOrder();
    if (order.orderStatus === 'Cancelled')
      throw badRequest('This order is cancelled: it has nothing left to refund');
    if (request.kind === 'refund' && order.orderStatus === 'Delivered')
      throw badRequest('This order was delivered: record a return of its lines instead');
    if (request.kind === 'return' && order.orderStatus !== 'Delivered')
      throw badRequest('Only a delivered order can have lines returned: refund or cancel it instead');
    const previous = await refundsOf(tx, id);
    if (previous.length !== request.refundsSeen)
      throw new HttpError(
        409,
        'This order was refunded meanwhile; reload it and check before refunding again',
      );
    const paid = paidPaiseOf(order);
    if (paid === 0) throw badRequest('This cash-on-delivery order has not been paid: cancel it instead');

    const wanted = new Map<string, number>();
    for (const line of request.lines)
      wanted.set(line.product, (wanted.get(line.product) ?? 0) + line.quantity);
    const refundable = refundableLines(order, previous);
    const lines: RefundedLine[] = [];
    for (const [product, quantity] of wanted) {
      const line = refundable.find((candidate) => candidate.product === product);
      if (!line) throw badRequest(`This order has no line of product ${product}`);
      if (quantity > line.refundable)
        throw badRequest(`Only ${line.refundable} of ${line.name} can still be refunded`);
      lines.push({ product, name: line.name, quantity, restocked: request.restock });
    }
    const amountPaise = Math.min(linesPaise(order, lines), paid - order.refundedPaise);
    if (amountPaise <= 0) throw badRequest('Nothing is left to refund on this order');
    if (request.restock) await restock(tx, lines);
    const refund = await claimRefund(tx, order, previous, {
      kind: request.kind,
      lines,
      amountPaise,
      gateway,
      by,
    });
    const [updated] = await tx.select().from(orders).where(eq(orders.id, id));
    await recordAdminChange(tx, {
      actor: by,
      action: 'order.refund',
      targetId: id,
      before: orderAuditFields(order),
      after: orderAuditFields(updated!),
    });
    return { order: updated!, refund };
  });
}

/**
 * Deletes an order in one transaction; one not delivered (nor cancelled, which already did) puts its
 * units back in stock first. The order as it was, undefined when there was none.
 */
export async function deleteOrderRestocking(db: Db, id: string, by: Refunder) {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, id);
    if (!order) return undefined;
    if (order.orderStatus !== 'Delivered' && order.orderStatus !== 'Cancelled')
      await restock(tx, unitsNotRestocked(order, await refundsOf(tx, id)));
    await tx.delete(orders).where(eq(orders.id, id));
    await recordAdminChange(tx, {
      actor: by,
      action: 'order.delete',
      targetId: id,
      before: orderAuditFields(order),
      after: null,
    });
    return order;
  });
}
