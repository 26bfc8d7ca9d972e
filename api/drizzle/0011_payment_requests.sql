-- Hand-written (issue 25). A payment asked of the shopper for an order not placed yet: a UPI collect
-- request (or a Razorpay checkout). It is settled once, by whichever comes first of the gateway's webhook,
-- the browser's check and the sweep of expired requests; the row lock and orders' unique payment id make
-- that one order. The order's lines and address wait here, so the order is placed even if the tab closed.
CREATE TABLE "payment_requests" (
  "id" text PRIMARY KEY,
  "user_id" char(24) NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "method" text NOT NULL,
  "gateway" text NOT NULL,
  "vpa" text,
  "amount_paise" bigint NOT NULL,
  "order_draft" jsonb NOT NULL,
  "status" text DEFAULT 'pending' NOT NULL,
  "message" text,
  "provider_ref" text,
  "provider_payment_id" text,
  "order_id" char(24),
  "expires_at" timestamp with time zone NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "settled_at" timestamp with time zone,
  CONSTRAINT "payment_requests_status_check" CHECK ("status" in ('pending', 'succeeded', 'failed', 'expired', 'refunded'))
);
--> statement-breakpoint
CREATE INDEX "payment_requests_user_id_idx" ON "payment_requests" ("user_id");
--> statement-breakpoint
CREATE INDEX "payment_requests_pending_idx" ON "payment_requests" ("expires_at") WHERE "status" = 'pending';
--> statement-breakpoint
CREATE UNIQUE INDEX "payment_requests_provider_ref_key" ON "payment_requests" ("provider_ref");
