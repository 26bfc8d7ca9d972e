import { sql } from 'drizzle-orm';
import { ORDER_PAYMENT_METHODS } from '@shop/shared-api/schemas';
import {
  bigint,
  char,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { createdAt, id } from './columns.ts';

// Orders as placed, with what was sold and shipped, and their refunds.

export interface StoredShippingInfo {
  address: string;
  city: string;
  state: string;
  country: string;
  pinCode: string;
  phoneNo: string;
}

/** A snapshot of the product as sold: later catalog edits do not change past orders. */
export interface StoredOrderItem {
  product: string;
  name: string;
  image: string;
  pricePaise: number;
  quantity: number;
  /** The product's category when sold: the invoice's HSN code comes from it (orders before issue 25 lack it). */
  category?: string;
}

export const orders = pgTable(
  'orders',
  {
    id: id(),
    userId: char('user_id', { length: 24 })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    shippingInfo: jsonb('shipping_info').$type<StoredShippingInfo>().notNull(),
    orderItems: jsonb('order_items').$type<StoredOrderItem[]>().notNull(),
    /** A payment intent pays for one order only. */
    paymentId: text('payment_id').notNull(),
    paymentStatus: text('payment_status').notNull(),
    paymentMethod: text('payment_method', { enum: ORDER_PAYMENT_METHODS }).notNull().default('card'),
    /** Null for a cash-on-delivery order until it is delivered. */
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
    itemsPaise: bigint('items_paise', { mode: 'number' }).notNull(),
    taxPaise: bigint('tax_paise', { mode: 'number' }).notNull(),
    shippingPaise: bigint('shipping_paise', { mode: 'number' }).notNull(),
    totalPaise: bigint('total_paise', { mode: 'number' }).notNull(),
    orderStatus: text('order_status', { enum: ['Processing', 'Shipped', 'Delivered', 'Cancelled'] })
      .notNull()
      .default('Processing'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true, mode: 'date' }),
    /** What has gone back to the shopper (order_refunds added up); never above what was paid. */
    refundedPaise: bigint('refunded_paise', { mode: 'number' }).notNull().default(0),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true, mode: 'date' }),
    shippedAt: timestamp('shipped_at', { withTimezone: true, mode: 'date' }),
    /** Both optional, given when the order moves to Shipped. */
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('orders_payment_id_key').on(table.paymentId),
    index('orders_user_id_idx').on(table.userId),
    // The admin's order list, newest first (migration 0019), and its stat cards' figures from
    // orders_status_totals_idx (order_status) INCLUDE (total_paise), written by hand in 0019. 0021 adds
    // INCLUDE (total_paise) to this one too, for the dashboard's daily figures (drizzle cannot say INCLUDE).
    index('orders_created_order_idx').on(table.createdAt.desc(), table.id.desc()),
    check(
      'orders_status_check',
      sql`${table.orderStatus} in ('Processing', 'Shipped', 'Delivered', 'Cancelled')`,
    ),
    check(
      'orders_refunded_check',
      sql`${table.refundedPaise} >= 0 and ${table.refundedPaise} <= ${table.totalPaise}`,
    ),
    check(
      'orders_payment_method_check',
      sql`${table.paymentMethod} in ('card', 'upi', 'cod', 'netbanking', 'wallet')`,
    ),
  ],
);

/** A refunded line: how many of the order's line went back, and whether they went back on the shelf. */
export interface RefundedLine {
  product: string;
  name: string;
  quantity: number;
  restocked: boolean;
}

/**
 * Every refund of an order's payment (its cancellation, chosen lines, a return), numbered per order. The
 * (order, sequence) key is the claim two admins refunding at once race for, and `refund-<order>-<sequence>`
 * is the gateway's idempotency key. `pending` until the gateway confirmed it (retried every minute).
 * No foreign key: the history outlives a deleted order.
 */
export const orderRefunds = pgTable(
  'order_refunds',
  {
    id: id(),
    orderId: char('order_id', { length: 24 }).notNull(),
    sequence: integer('sequence').notNull(),
    kind: text('kind', { enum: ['cancel', 'refund', 'return'] }).notNull(),
    paymentId: text('payment_id').notNull(),
    /** Who gave the money back: the gateway that took it, or the shop's hand for cash. */
    gateway: text('gateway', { enum: ['local', 'stripe', 'razorpay', 'upi', 'cash'] }).notNull(),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    lines: jsonb('lines').$type<RefundedLine[]>().notNull(),
    status: text('status', { enum: ['pending', 'refunded'] }).notNull(),
    byUserId: char('by_user_id', { length: 24 }),
    byName: text('by_name').notNull(),
    createdAt: createdAt(),
    refundedAt: timestamp('refunded_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    uniqueIndex('order_refunds_order_sequence_key').on(table.orderId, table.sequence),
    index('order_refunds_pending_idx')
      .on(table.status)
      .where(sql`${table.status} = 'pending'`),
    check('order_refunds_kind_check', sql`${table.kind} in ('cancel', 'refund', 'return')`),
    check('order_refunds_status_check', sql`${table.status} in ('pending', 'refunded')`),
    check('order_refunds_amount_check', sql`${table.amountPaise} >= 0`),
  ],
);
export type OrderRefundRow = typeof orderRefunds.$inferSelect;

export type OrderRow = typeof orders.$inferSelect;
