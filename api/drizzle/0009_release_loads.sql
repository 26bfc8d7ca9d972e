-- Hand-written. How pages' loads of each remote release went, counted per minute (POST /releases/reports):
-- a row per release and minute, whatever the traffic, for the release tool's canary rollback and the
-- admin's Releases screen (the last hour).
CREATE TABLE IF NOT EXISTS "release_loads" (
  "remote" text NOT NULL,
  "release" text NOT NULL,
  "minute" timestamp with time zone NOT NULL,
  "loads" integer DEFAULT 0 NOT NULL,
  "failures" integer DEFAULT 0 NOT NULL,
  "fell_back" integer DEFAULT 0 NOT NULL,
  "last_reason" text,
  CONSTRAINT "release_loads_pk" PRIMARY KEY ("remote", "release", "minute")
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "release_loads_minute_idx" ON "release_loads" ("minute");
