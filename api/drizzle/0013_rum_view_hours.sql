-- Hand-written. The Site health card's hourly roll-up (issue 26): per page and hour, the views and a
-- count per bucket of each web vital (api/src/site-health/vital-histogram.ts), so the card adds at most
-- 24 rows per page instead of sorting a day of views (159-220 ms at 100,000 views on PGlite).
-- Views reported before this migration are not rolled up: the card starts from it and is whole 24 hours later.
CREATE TABLE IF NOT EXISTS "rum_view_hours" (
	"hour" timestamp with time zone NOT NULL,
	"page" text NOT NULL,
	"views" integer NOT NULL,
	"lcp_counts" integer[] NOT NULL,
	"inp_counts" integer[] NOT NULL,
	"cls_counts" integer[] NOT NULL,
	CONSTRAINT "rum_view_hours_pk" PRIMARY KEY("hour","page")
);
