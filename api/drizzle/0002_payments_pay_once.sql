CREATE TABLE "used_payments" (
	"payment_id" text PRIMARY KEY NOT NULL,
	"user_id" char(24) NOT NULL,
	"order_id" char(24) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Payments that already paid for an order before this table existed.
INSERT INTO "used_payments" ("payment_id", "user_id", "order_id", "created_at")
SELECT "payment_id", "user_id", "id", "created_at" FROM "orders" WHERE "payment_id" IS NOT NULL
ON CONFLICT DO NOTHING;
