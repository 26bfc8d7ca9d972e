import { sql } from 'drizzle-orm';
import {
  ADMIN_ACTIONS,
  ORDER_PAYMENT_METHODS,
  type FieldChange,
  type OrderPaymentMethod,
} from '@shop/shared-api/schemas';
import {
  check,
  char,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  bigint,
  primaryKey,
} from 'drizzle-orm/pg-core';

// One schema for PGlite and PostgreSQL. Ids are 24 lowercase hex characters; money is integer paise.

const id = () => char('id', { length: 24 }).primaryKey();
const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: id(),
    name: text('name').notNull(),
    /** Stored lowercased; unique. */
    email: text('email').notNull(),
    /** Null for users who only sign in through Clerk. */
    passwordHash: text('password_hash'),
    clerkId: text('clerk_id'),
    avatarUrl: text('avatar_url'),
    avatarKey: text('avatar_key'),
    role: text('role', { enum: ['user', 'admin'] })
      .notNull()
      .default('user'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('users_email_key').on(table.email),
    uniqueIndex('users_clerk_id_key').on(table.clerkId),
    check('users_role_check', sql`${table.role} in ('user', 'admin')`),
    // The admin's user list, newest first (migration 0019).
    index('users_created_order_idx').on(table.createdAt.desc(), table.id.desc()),
  ],
);

/** A signed-in browser: the refresh cookie names it, every access token carries its id. */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: char('user_id', { length: 24 })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    refreshHash: text('refresh_hash').notNull(),
    /** The hash before the last rotation, still honoured briefly: two tabs refreshing at once. */
    previousRefreshHash: text('previous_refresh_hash'),
    rotatedAt: timestamp('rotated_at', { withTimezone: true, mode: 'date' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (table) => [index('sessions_user_id_idx').on(table.userId)],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: char('user_id', { length: 24 })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (table) => [index('password_resets_user_id_idx').on(table.userId)],
);

export interface StoredImage {
  url: string;
  /** Key in the image store when the api owns the file (deleted with the product). */
  key?: string;
}

export const products = pgTable(
  'products',
  {
    id: id(),
    name: text('name').notNull(),
    pricePaise: bigint('price_paise', { mode: 'number' }).notNull(),
    description: text('description').notNull().default(''),
    category: text('category').notNull(),
    stock: integer('stock').notNull(),
    images: jsonb('images').$type<StoredImage[]>().notNull().default([]),
    ratings: doublePrecision('ratings').notNull().default(0),
    numOfReviews: integer('num_of_reviews').notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [
    check('products_stock_check', sql`${table.stock} >= 0`),
    check('products_price_check', sql`${table.pricePaise} >= 0`),
    // The list's indexes (migrations 0014 and 0017, written by hand: INCLUDE columns and a trigram GIN
    // index): products_name_trgm_idx, products_list_order_idx, products_category_order_idx,
    // products_price_order_idx, products_category_price_order_idx, products_rating_order_idx.
  ],
);

/**
 * How many products there are: overall (category '') and per category, kept by triggers on `products` in
 * the writing transaction (migration 0014). Derived data: backups leave it out, a restore rebuilds it.
 */
export const catalogCounts = pgTable('catalog_counts', {
  category: text('category').primaryKey(),
  products: bigint('products', { mode: 'number' }).notNull(),
  /** Of them, those with no stock (migration 0020): the admin product list's stat card. */
  outOfStock: bigint('out_of_stock', { mode: 'number' }).notNull().default(0),
});

export const reviews = pgTable(
  'reviews',
  {
    id: id(),
    productId: char('product_id', { length: 24 })
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userId: char('user_id', { length: 24 })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: integer('rating').notNull(),
    comment: text('comment').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    // One review per user per product: a second submission updates the first.
    uniqueIndex('reviews_product_user_key').on(table.productId, table.userId),
    index('reviews_user_id_idx').on(table.userId),
    check('reviews_rating_check', sql`${table.rating} between 1 and 5`),
  ],
);

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

/**
 * Failed password checks (logins, and the current password of a password or email change) per account
 * (by email, known or not) and client address: after a few, that address waits a short, growing time
 * between attempts on that account; the owner elsewhere is not kept out. A success from the address, or a
 * reset, clears it.
 */
export const loginThrottle = pgTable(
  'login_throttle',
  {
    email: text('email').notNull(),
    address: text('address').notNull(),
    failures: integer('failures').notNull(),
    lastFailureAt: timestamp('last_failure_at', { withTimezone: true, mode: 'date' }).notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
  },
  (table) => [primaryKey({ name: 'login_throttle_email_address_pk', columns: [table.email, table.address] })],
);

/** How pages' loads of each remote release went, per minute (POST /releases/reports, migration 0009). */
export const releaseLoads = pgTable(
  'release_loads',
  {
    remote: text('remote').notNull(),
    release: text('release').notNull(),
    minute: timestamp('minute', { withTimezone: true, mode: 'date' }).notNull(),
    loads: integer('loads').notNull().default(0),
    failures: integer('failures').notNull().default(0),
    fellBack: integer('fell_back').notNull().default(0),
    lastReason: text('last_reason'),
  },
  (table) => [
    primaryKey({ name: 'release_loads_pk', columns: [table.remote, table.release, table.minute] }),
    index('release_loads_minute_idx').on(table.minute),
  ],
);

/**
 * Real-user figures (issue 26): one row per page view a browser reported (its web vitals, null when not
 * measured), and one per unhandled error. No personal data: the page is a route pattern, nothing names
 * the shopper. Kept 8 days (the card shows 24 hours).
 */
export const rumViews = pgTable(
  'rum_views',
  {
    createdAt: createdAt(),
    page: text('page').notNull(),
    lcpMs: doublePrecision('lcp_ms'),
    inpMs: doublePrecision('inp_ms'),
    cls: doublePrecision('cls'),
    ttfbMs: doublePrecision('ttfb_ms'),
  },
  (table) => [index('rum_views_created_at_idx').on(table.createdAt)],
);

/**
 * The Site health card's roll-up (issue 26): per page and hour, the views and how many fell in each web
 * vital's bucket (site-health/vital-histogram.ts). The card adds at most 24 rows per page instead of
 * sorting every view of the day. Kept as long as the views.
 */
export const rumViewHours = pgTable(
  'rum_view_hours',
  {
    hour: timestamp('hour', { withTimezone: true, mode: 'date' }).notNull(),
    page: text('page').notNull(),
    views: integer('views').notNull(),
    lcpCounts: integer('lcp_counts').array().notNull(),
    inpCounts: integer('inp_counts').array().notNull(),
    clsCounts: integer('cls_counts').array().notNull(),
  },
  (table) => [primaryKey({ name: 'rum_view_hours_pk', columns: [table.hour, table.page] })],
);

export const rumErrors = pgTable(
  'rum_errors',
  {
    createdAt: createdAt(),
    page: text('page').notNull(),
    source: text('source').notNull(),
    release: text('release').notNull(),
    message: text('message').notNull(),
  },
  (table) => [index('rum_errors_created_at_idx').on(table.createdAt)],
);
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

/** The last invoice number given in each financial year ('2026-27'): the one source of the next. */
export const invoiceCounters = pgTable('invoice_counters', {
  financialYear: text('financial_year').primaryKey(),
  lastNumber: integer('last_number').notNull(),
});

/** A GST tax invoice as issued; never changed or deleted (not even with its order). */
export const invoices = pgTable(
  'invoices',
  {
    number: text('number').primaryKey(),
    orderId: char('order_id', { length: 24 }).notNull(),
    financialYear: text('financial_year').notNull(),
    sequence: integer('sequence').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    document: jsonb('document').$type<InvoiceDocument>().notNull(),
  },
  (table) => [
    uniqueIndex('invoices_order_id_key').on(table.orderId),
    uniqueIndex('invoices_year_sequence_key').on(table.financialYear, table.sequence),
  ],
);

/** Everything printed on an invoice, fixed when it is issued. Money in paise. */
export interface InvoiceDocument {
  seller: { name: string; address: string; state: string; gstin: string };
  buyer: { name: string; email: string; address: string; state: string; country: string; pinCode: string };
  /** 'intra': CGST 9% + SGST 9% (shipped within the seller's state); 'inter': IGST 18%. */
  supply: 'intra' | 'inter';
  paymentMethod: OrderPaymentMethod;
  orderPlacedAt: string;
  lines: InvoiceLine[];
  shippingPaise: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  totalPaise: number;
}

export interface InvoiceLine {
  name: string;
  hsn: string;
  quantity: number;
  unitPaise: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
}

/**
 * The audit trail of admin writes (issue 29; drizzle/0016_admin_activity.sql): one row per write, inserted
 * in the write's transaction by recordAdminChange. No foreign keys (an entry outlives its admin and what it
 * changed); the database refuses UPDATE, DELETE and TRUNCATE on it.
 */
export const adminActivity = pgTable(
  'admin_activity',
  {
    id: id(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    actorId: char('actor_id', { length: 24 }).notNull(),
    /** The admin's email when they wrote, lowercased. */
    actorEmail: text('actor_email').notNull(),
    action: text('action', { enum: ADMIN_ACTIONS }).notNull(),
    targetId: text('target_id').notNull(),
    changes: jsonb('changes').$type<FieldChange[]>().notNull(),
  },
  (table) => [
    check(
      'admin_activity_action_check',
      sql`${table.action} in (${sql.raw(ADMIN_ACTIONS.map((action) => `'${action}'`).join(', '))})`,
    ),
    index('admin_activity_at_idx').on(table.at.desc(), table.id.desc()),
    index('admin_activity_actor_idx').on(table.actorEmail, table.at.desc(), table.id.desc()),
    index('admin_activity_actor_id_idx').on(table.actorId, table.at.desc(), table.id.desc()),
    index('admin_activity_action_idx').on(table.action, table.at.desc(), table.id.desc()),
    index('admin_activity_target_idx').on(table.targetId, table.at.desc(), table.id.desc()),
  ],
);

/**
 * A line of a signed-in shopper's saved cart. The name, picture and price are the catalog's when the line
 * was last saved (never the browser's): shown only if the product has been deleted since.
 */
export interface StoredCartLine {
  product: string;
  quantity: number;
  name: string;
  image: string;
  pricePaise: number;
}

/** The signed-in shopper's cart (issue 28), one per account, so it follows the account between devices. */
export const carts = pgTable(
  'carts',
  {
    userId: char('user_id', { length: 24 })
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    lines: jsonb('lines').$type<StoredCartLine[]>().notNull().default([]),
    /** Up by one with every change: a save made from an older version is refused (last change wins). */
    version: integer('version').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [check('carts_version_check', sql`${table.version} >= 0`)],
);

// Row types, beside the tables they come from.
export type UserRow = typeof users.$inferSelect;
export type ProductRow = typeof products.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;
export type InvoiceRow = typeof invoices.$inferSelect;
export type PaymentRequestRow = typeof paymentRequests.$inferSelect;
export type AdminActivityRow = typeof adminActivity.$inferSelect;
export type CartRow = typeof carts.$inferSelect;
