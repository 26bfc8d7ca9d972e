-- Hand-written (the table lives outside src/db/schema.ts, see src/rate-limits/postgres-store.ts): the
-- request counters of @fastify/rate-limit, shared by every api instance on this database.
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"resets_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rate_limits_resets_at_idx" ON "rate_limits" USING btree ("resets_at");
