-- Hand-written. The signed-in shopper's cart, kept by the api so it follows the account from one device to
-- another (issue 28). One row per account: the lines (product id, quantity, and the name, picture and price
-- the product last had, shown when it has since been deleted) and a version that moves with every change
-- (last change wins: a save made from an older version is refused and redone by the browser).
CREATE TABLE IF NOT EXISTS "carts" (
	"user_id" char(24) PRIMARY KEY NOT NULL,
	"lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "carts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action,
	CONSTRAINT "carts_version_check" CHECK ("carts"."version" >= 0)
);
