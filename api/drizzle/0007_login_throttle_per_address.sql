-- Hand-written. The wrong-password wait is kept per account AND client address: a lock made by someone
-- guessing from one address no longer keeps the owner out from another (issue 21, finding 6). Counts so
-- far were per account only; they start over.
DELETE FROM "login_throttle";
--> statement-breakpoint
ALTER TABLE "login_throttle" DROP CONSTRAINT "login_throttle_pkey";
--> statement-breakpoint
ALTER TABLE "login_throttle" ADD COLUMN "address" text NOT NULL;
--> statement-breakpoint
ALTER TABLE "login_throttle" ADD CONSTRAINT "login_throttle_email_address_pk" PRIMARY KEY ("email", "address");
