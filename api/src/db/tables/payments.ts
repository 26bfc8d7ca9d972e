import { bigint, char, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { createdAt } from './columns.ts';
import type { StoredShippingInfo } from './orders.ts';

// Payments: the local card gateway's intents and refunds, payments already spent on an order, and UPI's
// payment requests.

/** Payment intents of the local test-mode gateway (Stripe keeps its own when configured). */
export const paymentIntents = pgTable(
  'payment_intents',
  {
    id: text('id').primaryKey(),
    secretHash: text('secret_hash').notNull(),
    userId: char('user_id', { length: 24 })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('inr'),
    status: text('status', { enum: ['requires_payment_method', 'succeeded', 'refunded'] })
      .notNull()
      .default('requires_payment_method'),
    cardLast4: text('card_last4'),
    /** Partial refunds add up here; the intent is 'refunded' once all of it has gone back. */
    refundedPaise: bigint('refunded_paise', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [index('payment_intents_user_id_idx').on(table.userId)],
);

/** The local gateway's refunds by idempotency key, so a repeated refund call gives back nothing more. */
export const paymentIntentRefunds = pgTable('payment_intent_refunds', {
  idempotencyKey: text('idempotency_key').primaryKey(),
  intentId: text('intent_id').notNull(),
  amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
  createdAt: createdAt(),
});

/**
 * Every payment that has paid for an order, or been refunded because its order was refused. Kept when the
 * order is deleted (no foreign keys), so a payment pays for one order only, ever: the order row alone could
 * be deleted and the payment reused. A refund is `pending` until the gateway has confirmed it.
 */
export const usedPayments = pgTable('used_payments', {
  paymentId: text('payment_id').primaryKey(),
  userId: char('user_id', { length: 24 }).notNull(),
  /** The order it paid for; null for a refunded payment. */
  orderId: char('order_id', { length: 24 }),
  refund: text('refund', { enum: ['pending', 'refunded'] }),
  refundedAt: timestamp('refunded_at', { withTimezone: true, mode: 'date' }),
  usedAt: createdAt(),
});

/** What a payment request holds until its order is placed: the lines and the address. */
export interface OrderDraft {
  orderItems: { product: string; quantity: number }[];
  shippingInfo: StoredShippingInfo;
}

/**
 * A payment asked of the shopper for an order not placed yet (a UPI collect request; a Razorpay
 * checkout): settled once, into one order, by the gateway's webhook or the browser's check, whichever
 * comes first; or failed, or expired, leaving no order and taking nothing.
 */
export const paymentRequests = pgTable(
  'payment_requests',
  {
    id: text('id').primaryKey(),
    userId: char('user_id', { length: 24 })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    method: text('method', { enum: ['upi', 'razorpay'] }).notNull(),
    gateway: text('gateway', { enum: ['local', 'razorpay'] }).notNull(),
    vpa: text('vpa'),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    orderDraft: jsonb('order_draft').$type<OrderDraft>().notNull(),
    status: text('status', { enum: ['pending', 'succeeded', 'failed', 'expired', 'refunded'] })
      .notNull()
      .default('pending'),
    message: text('message'),
    /** The gateway's own id of the request (Razorpay's order id). */
    providerRef: text('provider_ref'),
    /** The gateway's id of the payment that paid it (Razorpay's pay_…). */
    providerPaymentId: text('provider_payment_id'),
    orderId: char('order_id', { length: 24 }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: createdAt(),
    settledAt: timestamp('settled_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    index('payment_requests_user_id_idx').on(table.userId),
    uniqueIndex('payment_requests_provider_ref_key').on(table.providerRef),
  ],
);

export type PaymentRequestRow = typeof paymentRequests.$inferSelect;
