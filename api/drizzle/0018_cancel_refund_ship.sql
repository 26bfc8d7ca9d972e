-- Hand-written (issue 29, items 1 and 2).
-- An order may now be Cancelled (by an admin, before it is delivered: its stock put back, its payment
-- refunded). refunded_paise is what has gone back to the shopper so far, never above what was paid.
ALTER TABLE "orders" DROP CONSTRAINT "orders_status_check";
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_check" CHECK ("order_status" in ('Processing', 'Shipped', 'Delivered', 'Cancelled'));
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_paise" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_refunded_check" CHECK ("refunded_paise" >= 0 AND "refunded_paise" <= "total_paise");
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancelled_at" timestamp with time zone;
--> statement-breakpoint
-- The parcel, once Shipped: carrier and tracking number are both optional.
ALTER TABLE "orders" ADD COLUMN "shipped_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "carrier" text;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_number" text;
--> statement-breakpoint
-- Every refund of an order's payment (a cancellation, chosen lines, a return), numbered 1, 2, 3 … per
-- order. The number is the gateway's idempotency key, and its uniqueness is the claim: two admins
-- refunding at once cannot both take the same next number. No foreign key: the history outlives a
-- deleted order, like its invoice.
CREATE TABLE "order_refunds" (
  "id" char(24) PRIMARY KEY,
  "order_id" char(24) NOT NULL,
  "sequence" integer NOT NULL,
  "kind" text NOT NULL,
  "payment_id" text NOT NULL,
  "gateway" text NOT NULL,
  "amount_paise" bigint NOT NULL,
  "lines" jsonb NOT NULL,
  "status" text NOT NULL,
  "by_user_id" char(24),
  "by_name" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "refunded_at" timestamp with time zone,
  CONSTRAINT "order_refunds_order_sequence_key" UNIQUE ("order_id", "sequence"),
  CONSTRAINT "order_refunds_kind_check" CHECK ("kind" in ('cancel', 'refund', 'return')),
  CONSTRAINT "order_refunds_status_check" CHECK ("status" in ('pending', 'refunded')),
  CONSTRAINT "order_refunds_amount_check" CHECK ("amount_paise" >= 0)
);
--> statement-breakpoint
CREATE INDEX "order_refunds_pending_idx" ON "order_refunds" ("status") WHERE "status" = 'pending';
--> statement-breakpoint
-- The local test gateway keeps partial refunds like Stripe: by idempotency key, adding up per intent.
ALTER TABLE "payment_intents" ADD COLUMN "refunded_paise" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
CREATE TABLE "payment_intent_refunds" (
  "idempotency_key" text PRIMARY KEY,
  "intent_id" text NOT NULL,
  "amount_paise" bigint NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
