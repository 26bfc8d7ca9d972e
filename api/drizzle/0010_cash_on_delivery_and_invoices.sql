-- Hand-written (issue 25). How each order is paid: by card (every order so far), UPI, cash on delivery
-- (not paid until it is delivered, so paid_at may now be empty), or, through Razorpay's checkout, net
-- banking or a wallet. Numbered 0010: 0009 is main's release_loads.
ALTER TABLE "orders" ADD COLUMN "payment_method" text DEFAULT 'card' NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_method_check" CHECK ("payment_method" in ('card', 'upi', 'cod', 'netbanking', 'wallet'));
--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "paid_at" DROP NOT NULL;
--> statement-breakpoint
-- GST tax invoices: one per paid order, numbered 1, 2, 3 … within each financial year (April to March)
-- without a gap or a repeat. The next number is taken from this row in the transaction that stores the
-- invoice, so a rolled-back order gives its number back (a sequence would leave a gap).
CREATE TABLE "invoice_counters" (
  "financial_year" text PRIMARY KEY,
  "last_number" integer NOT NULL
);
--> statement-breakpoint
-- The invoice as issued (seller, buyer, lines, GST split, totals), kept apart from the order: a later
-- change of configuration or catalog never alters it, and deleting the order does not delete it.
CREATE TABLE "invoices" (
  "number" text PRIMARY KEY,
  "order_id" char(24) NOT NULL,
  "financial_year" text NOT NULL,
  "sequence" integer NOT NULL,
  "issued_at" timestamp with time zone DEFAULT now() NOT NULL,
  "document" jsonb NOT NULL,
  CONSTRAINT "invoices_order_id_key" UNIQUE ("order_id"),
  CONSTRAINT "invoices_year_sequence_key" UNIQUE ("financial_year", "sequence")
);
