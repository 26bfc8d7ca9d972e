-- Hand-written. The admin's order and user lists at scale (docs/performance.md, "The admin's lists at
-- scale"; measured at 200,000 orders and 100,000 users on PostgreSQL 15).
-- 1. Both lists are read newest first (`order by created_at desc, id desc`, then a page of ids); without an
--    index in that order PostgreSQL read and sorted every row for each page: the first page's ids 77-106 ms
--    before, 0.1 ms after.
-- 2. The order list's stat cards (count, delivered, sum of totals) are worked out over every order on each
--    page view: an index-only scan of this narrow index instead of the wide rows (their addresses and
--    lines), 90 -> 47 ms. Changing an order's status now writes this index too (a few times an order).
-- One more index to write per order placed and per user registered, both rare next to the list's reads.
CREATE INDEX IF NOT EXISTS "orders_created_order_idx" ON "orders" ("created_at" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_status_totals_idx" ON "orders" ("order_status") INCLUDE ("total_paise");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_created_order_idx" ON "users" ("created_at" DESC, "id" DESC);
