import { and, asc, count, desc, eq, gte, inArray, sql, type SQL } from 'drizzle-orm';
import { toRupees, type AdminOrdersPageResponse, type OrderStatus } from '@shop/shared-api/schemas';
import type { DbOrTx } from '../db/client.ts';
import {
  invoices,
  orders,
  products,
  usedPayments,
  users,
  type OrderRow,
  type ProductRow,
} from '../db/schema.ts';
import { idContaining, idIn, newId } from '../db/ids.ts';
import { rowsOf } from '../db/rows.ts';
import { newestFirst, newestFirstIds, pageWithin, type AdminListQuery } from '../db/paging.ts';
import { toOrderView } from './order-view.ts';
import { takeOrderedLines } from '../cart/cart-repository.ts';

/** Orders with their buyer, newest first, as the wire shows them. */
async function findOrders(db: DbOrTx, where: SQL | undefined, baseUrl: string) {
  const rows = await db
    .select({
      order: orders,
      user: { id: users.id, name: users.name, email: users.email },
      invoice: { number: invoices.number, issuedAt: invoices.issuedAt },
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .leftJoin(invoices, eq(invoices.orderId, orders.id))
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id));
  return rows.map((row) => toOrderView(row.order, row.user, baseUrl, row.invoice));
}

/**
 * Orders one batch of the whole list reads. At 500 ids PostgreSQL joins the buyers by reading every user
 * (a hash join: 48 ms a batch at 100,000 users); at 200 it looks each one up (1.5 ms). Measured at 200,000
 * orders: the whole list 25.1 s at 500, 14.6 s at 200.
 */
const ORDER_BATCH = 200;

/** Every order, newest first (the admin's unpaged list), a batch at a time. */
export async function* allOrdersInBatches(db: DbOrTx, baseUrl: string) {
  for await (const ids of newestFirstIds(db, orders, ORDER_BATCH))
    yield await findOrders(db, idIn(orders.id, ids), baseUrl);
}

export const listOrdersOf = (db: DbOrTx, userId: string, baseUrl: string) =>
  findOrders(db, eq(orders.userId, userId), baseUrl);

/** One order; only the owner's when `ownerId` is given. */
export async function findOrder(db: DbOrTx, id: string, baseUrl: string, ownerId?: string) {
  const [order] = await findOrders(
    db,
    and(eq(orders.id, id), ownerId === undefined ? undefined : eq(orders.userId, ownerId)),
    baseUrl,
  );
  return order;
}

export async function orderStatusOf(db: DbOrTx, id: string): Promise<OrderStatus | undefined> {
  const [row] = await db.select({ status: orders.orderStatus }).from(orders).where(eq(orders.id, id));
  return row?.status;
}

/**
 * Moves the order from `from` to `to`; undefined when its status was no longer `from`. Delivered also
 * records a cash-on-delivery order's cash as received: its payment succeeds (PAID) and it is paid now;
 * Shipped records the parcel's carrier and tracking number (either may be missing).
 */
export async function moveOrderStatus(
  db: DbOrTx,
  id: string,
  from: OrderStatus,
  to: OrderStatus,
  parcel: { carrier?: string | undefined; trackingNumber?: string | undefined } = {},
) {
  const now = new Date();
  const cashReceived = and(eq(orders.paymentMethod, 'cod'), eq(orders.paymentStatus, 'pending'));
  const [moved] = await db
    .update(orders)
    .set({
      orderStatus: to,
      ...(to === 'Shipped'
        ? { shippedAt: now, carrier: parcel.carrier ?? null, trackingNumber: parcel.trackingNumber ?? null }
        : {}),
      ...(to === 'Delivered'
        ? {
            deliveredAt: now,
            paymentStatus: sql`case when ${cashReceived} then 'succeeded' else ${orders.paymentStatus} end`,
            paidAt: sql`case when ${cashReceived} then ${now.toISOString()}::timestamptz else ${orders.paidAt} end`,
          }
        : {}),
    })
    .where(and(eq(orders.id, id), eq(orders.orderStatus, from)))
    .returning();
  return moved;
}

/** The buyer's name and email, as the invoice names them. */
export async function buyerOf(db: DbOrTx, userId: string) {
  const [buyer] = await db
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  return buyer;
}

/** The order, locked for the rest of the transaction: what an admin write changes it from. */
/** The products an order's lines take stock from (or give it back to): their pages change with it. */
export const productsOf = (order: Pick<OrderRow, 'orderItems'>) =>
  order.orderItems.map((item) => item.product);

export async function lockOrder(tx: DbOrTx, id: string): Promise<OrderRow | undefined> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
  return row;
}

/** An order's fields as its audit entries show them (money in rupees, times as ISO strings). */
export const orderAuditFields = (row: OrderRow) => ({
  user: row.userId,
  orderStatus: row.orderStatus,
  paymentStatus: row.paymentStatus,
  paymentMethod: row.paymentMethod,
  totalPrice: toRupees(row.totalPaise),
  paidAt: row.paidAt?.toISOString() ?? null,
  deliveredAt: row.deliveredAt?.toISOString() ?? null,
  refundedPrice: toRupees(row.refundedPaise),
  cancelledAt: row.cancelledAt?.toISOString() ?? null,
  carrier: row.carrier,
  trackingNumber: row.trackingNumber,
});

/** How a payment was spent: on an order (kept after the order is deleted), or refunded; undefined if not. */
export async function paymentSpentOn(db: DbOrTx, paymentId: string): Promise<'order' | 'refund' | undefined> {
  const [used] = await db
    .select({ orderId: usedPayments.orderId })
    .from(usedPayments)
    .where(eq(usedPayments.paymentId, paymentId));
  return used === undefined ? undefined : used.orderId === null ? 'refund' : 'order';
}

/** The products of an order, locked for the transaction in id order (so concurrent orders never deadlock). */
export function lockProducts(tx: DbOrTx, ids: string[]): Promise<ProductRow[]> {
  return tx
    .select()
    .from(products)
    .where(inArray(products.id, [...ids].sort()))
    .orderBy(asc(products.id))
    .for('update');
}

/** Takes `quantity` from the product's stock; false when not that many are left. */
export async function takeStock(tx: DbOrTx, productId: string, quantity: number) {
  const updated = await tx
    .update(products)
    .set({ stock: sql`${products.stock} - ${quantity}` })
    .where(and(eq(products.id, productId), gte(products.stock, quantity)))
    .returning({ id: products.id });
  return updated.length > 0;
}

/** What a new order starts without: it is not delivered, refunded, cancelled or shipped yet. */
type DefaultedOrderColumns =
  'deliveredAt' | 'refundedPaise' | 'cancelledAt' | 'shippedAt' | 'carrier' | 'trackingNumber';

/**
 * Stores the order and records its payment as used, in the caller's transaction: the payment's primary
 * key refuses a second order on it, even one placed at the same moment or after this order is deleted.
 */
export async function insertOrder(
  tx: DbOrTx,
  values: Omit<OrderRow, 'id' | DefaultedOrderColumns>,
  id: string = newId(),
) {
  const [created] = await tx
    .insert(orders)
    .values({ id, ...values })
    .returning();
  await tx
    .insert(usedPayments)
    .values({ paymentId: values.paymentId, userId: values.userId, orderId: created!.id });
  // Every way of paying ends here, so the saved cart is emptied of what was ordered once, for all of them.
  await takeOrderedLines(
    tx,
    values.userId,
    values.orderItems.map((item) => item.product),
  );
  return created!;
}

/**
 * One page of the admin order list (`?page=&limit=&q=`, q matching the order id), newest first, with the
 * stat card figures over every order (count, delivered, sum of totals) and the count matching q.
 */
export async function adminOrdersPage(
  db: DbOrTx,
  query: AdminListQuery,
  baseUrl: string,
): Promise<AdminOrdersPageResponse> {
  // Text that cannot be part of an id matches no order, without reading them all to find that out.
  const where = query.q ? (idContaining(orders.id, query.q) ?? sql`false`) : undefined;
  const [totals] = await db
    .select({
      all: count(),
      delivered: sql<number>`count(*) filter (where ${orders.orderStatus} = 'Delivered')`.mapWith(Number),
      paise: sql<number>`coalesce(sum(${orders.totalPaise}), 0)`.mapWith(Number),
    })
    .from(orders);
  const { matching, page, limit, read } = await pageWithin(db, orders, where, totals?.all ?? 0, query);
  // Either end's page: findOrders puts the rows newest first again.
  const ids = await db
    .select({ id: orders.id })
    .from(orders)
    .where(where)
    .orderBy(...newestFirst(orders, read.fromEnd))
    .limit(read.limit)
    .offset(read.skip);
  const list = ids.length
    ? await findOrders(
        db,
        idIn(
          orders.id,
          ids.map((row) => row.id),
        ),
        baseUrl,
      )
    : [];
  return {
    success: true,
    orders: list,
    totalAmount: toRupees(totals?.paise ?? 0),
    ordersCount: totals?.all ?? 0,
    deliveredCount: totals?.delivered ?? 0,
    filteredOrdersCount: matching,
    page,
    resultPerPage: limit,
  };
}

/** The calendar days from `days - 1` days ago to today in `timeZone`, as YYYY-MM-DD, oldest first. */
export function lastDays(days: number, timeZone: string, now = new Date()): string[] {
  const dayOf = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  const today = dayOf.format(now);
  const [year, month, day] = today.split('-').map(Number) as [number, number, number];
  // Calendar arithmetic on the date alone (noon UTC avoids any daylight-saving edge).
  return Array.from({ length: days }, (_, index) =>
    new Date(Date.UTC(year, month - 1, day - (days - 1 - index), 12)).toISOString().slice(0, 10),
  );
}

/**
 * The query behind `dailyOrderFigures`: each day's orders read as a range of `created_at` between the day's
 * midnights in `timeZone` (an index-only scan of orders_created_order_idx, which carries total_paise,
 * migration 0021), instead of a day worked out per order and grouped on (to_char on every row: 217-372 ms
 * at 200,000 orders in 30 days on PostgreSQL 15, 46-73 ms this way; docs/performance.md). The days come as
 * one text parameter: an array the planner cannot size is taken as 10 rows, which keeps PostgreSQL's JIT
 * (150 ms to compile this plan) out of it.
 */
export function dailyFiguresQuery(range: readonly string[], timeZone: string): SQL {
  return sql`
    select to_char(day, 'YYYY-MM-DD') as day, count(${orders.createdAt})::int as orders,
      coalesce(sum(${orders.totalPaise}), 0)::text as paise
    from unnest(string_to_array(${range.join(',')}, ',')::date[]) as day
    left join ${orders}
      on ${orders.createdAt} >= (day::timestamp at time zone ${timeZone})
      and ${orders.createdAt} < ((day + 1)::timestamp at time zone ${timeZone})
    group by day`;
}

/** Revenue (rupees) and order count per day of the last `days` days in `timeZone`; empty days are zero. */
export async function dailyOrderFigures(db: DbOrTx, days: number, timeZone: string) {
  const range = lastDays(days, timeZone);
  const rows = rowsOf<{ day: string; orders: number; paise: string }>(
    await db.execute(dailyFiguresQuery(range, timeZone)),
  );
  const byDay = new Map(rows.map((row) => [row.day, row]));
  return range.map((day) => {
    const row = byDay.get(day);
    return { day, revenue: toRupees(Number(row?.paise ?? 0)), orders: Number(row?.orders ?? 0) };
  });
}
