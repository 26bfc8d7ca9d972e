ALTER TABLE "used_payments" ALTER COLUMN "order_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "used_payments" ADD COLUMN "refund" text;--> statement-breakpoint
ALTER TABLE "used_payments" ADD COLUMN "refunded_at" timestamp with time zone;