-- Hand-written. Real-user figures (issue 26): page views with their web vitals and unhandled errors, as
-- browsers report them (POST /api/v1/rum), summed by the admin's Site health card over the last 24 hours.
-- Numbered 0012: 0009 is the release loads, 0010 and 0011 the payments.
CREATE TABLE IF NOT EXISTS "rum_views" (
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"page" text NOT NULL,
	"lcp_ms" double precision,
	"inp_ms" double precision,
	"cls" double precision,
	"ttfb_ms" double precision
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "rum_views_created_at_idx" ON "rum_views" USING btree ("created_at");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "rum_errors" (
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"page" text NOT NULL,
	"source" text NOT NULL,
	"release" text NOT NULL,
	"message" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "rum_errors_created_at_idx" ON "rum_errors" USING btree ("created_at");
