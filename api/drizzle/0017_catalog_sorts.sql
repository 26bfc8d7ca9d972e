-- Hand-written. The list's sorts (issue 28: `sort=price_asc|price_desc|rating`) answered by PostgreSQL at
-- any size, as migration 0014 made the spec's order: an index in each sort's exact order (its column, then
-- the id), covering the filtered columns, so a sorted page's ids are an index-only scan read from either
-- end. Measured at 1,000,000 products on PostgreSQL 15 (docs/performance.md, issue 28): by rating 155 ms
-- (page 1) and 819 ms (the middle page) before, 1.7 and 70 ms after (the spec's order: 69 ms); by price,
-- the middle page 460 -> 66 ms.
--
-- 1. Price: the price indexes of 0014 gain the id as their last key (ties in the sort's order) and replace
--    them; they still serve the price range filter.
-- 2. Rating: best rated first, then the id, both descending (the rating sort, read forwards).
--    No category variant: within a category the overall index filters its way (Camera with 4 stars and up,
--    by rating: 25 ms at 1,000,000), and each index is one more write per product change.
CREATE INDEX IF NOT EXISTS "products_price_order_idx" ON "products" ("price_paise", "id")
	INCLUDE ("category", "ratings");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_category_price_order_idx" ON "products" ("category", "price_paise", "id")
	INCLUDE ("ratings");
--> statement-breakpoint
DROP INDEX IF EXISTS "products_price_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "products_category_price_idx";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_rating_order_idx" ON "products" ("ratings" DESC, "id" DESC)
	INCLUDE ("category", "price_paise");
