-- Hand-written. The audit trail of admin writes (issue 29): who, when, what and the changed fields, one row
-- per write, inserted in the write's own transaction (src/audit/audit-trail.ts).
--
-- 1. No foreign keys: an entry outlives the admin who wrote it and the thing it changed.
-- 2. The Activity screen's filters, each with the list's order (at desc, id desc), so that a page of any
--    one filter (who, what, the changed thing) is an index range read in order, and a date range is a
--    range of the same indexes. Counts of a filter are index-only scans of the same indexes.
-- 3. Entries are never changed or deleted: no route does, and the database refuses UPDATE, DELETE and
--    TRUNCATE on the table, whoever asks (a restore only inserts; a database is dropped whole).
CREATE TABLE IF NOT EXISTS "admin_activity" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" char(24) NOT NULL,
	"actor_email" text NOT NULL,
	"action" text NOT NULL,
	"target_id" text NOT NULL,
	"changes" jsonb NOT NULL,
	CONSTRAINT "admin_activity_action_check" CHECK ("action" IN ('product.create', 'product.update', 'product.delete', 'order.status', 'order.delete', 'order.refund', 'order.cancel', 'order.shipping', 'user.update', 'user.delete', 'review.delete', 'catalog.import'))
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "admin_activity_at_idx" ON "admin_activity" ("at" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "admin_activity_actor_idx" ON "admin_activity" ("actor_email", "at" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "admin_activity_actor_id_idx" ON "admin_activity" ("actor_id", "at" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "admin_activity_action_idx" ON "admin_activity" ("action", "at" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "admin_activity_target_idx" ON "admin_activity" ("target_id", "at" DESC, "id" DESC);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "admin_activity_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'admin_activity entries cannot be changed or deleted' USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "admin_activity_immutable" BEFORE UPDATE OR DELETE ON "admin_activity"
	FOR EACH ROW EXECUTE FUNCTION "admin_activity_refuse_change"();
--> statement-breakpoint
CREATE TRIGGER "admin_activity_no_truncate" BEFORE TRUNCATE ON "admin_activity"
	FOR EACH STATEMENT EXECUTE FUNCTION "admin_activity_refuse_change"();
