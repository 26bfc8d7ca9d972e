-- Hand-written. The product list at a million products (issue 27), answered by PostgreSQL itself.
--
-- 1. The spec's keyword is a substring (`name ILIKE '%kw%'`): a trigram GIN index serves it at any size
--    (PGlite loads the extension from @electric-sql/pglite/contrib/pg_trgm, see db/client.ts).
-- 2. The list's order (created_at desc, id desc), overall and within a category, covering the filtered
--    columns, so that a page's ids and a filtered count are index-only scans; the price range with and
--    without a category. They replace the single-column created_at and category indexes.
-- 3. Counters of the products, overall (category '') and per category, maintained in the same transaction
--    as every insert, delete and category change: the list's `productsCount`, and its
--    `filteredProductsCount` when only a category (or nothing) is asked, without a COUNT(*).
--    Cost on writes: inserts and deletes add one upsert per statement per category touched (statement
--    triggers over the transition table, so a bulk insert of a million rows costs one upsert per
--    category); a category change adds one row trigger; a stock or price change adds nothing. Concurrent
--    product inserts or deletes wait for each other's commit on the counter row (admin edits: rare).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_name_trgm_idx" ON "products" USING gin ("name" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_list_order_idx" ON "products" ("created_at" DESC, "id" DESC)
	INCLUDE ("category", "price_paise", "ratings");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_category_order_idx" ON "products" ("category", "created_at" DESC, "id" DESC)
	INCLUDE ("price_paise", "ratings");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_price_idx" ON "products" ("price_paise") INCLUDE ("category", "ratings");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_category_price_idx" ON "products" ("category", "price_paise") INCLUDE ("ratings");
--> statement-breakpoint
DROP INDEX IF EXISTS "products_created_at_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "products_category_idx";
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "catalog_counts" (
	"category" text PRIMARY KEY NOT NULL,
	"products" bigint NOT NULL
);
--> statement-breakpoint
INSERT INTO "catalog_counts" ("category", "products")
	SELECT '', count(*) FROM "products"
	UNION ALL SELECT "category", count(*) FROM "products" GROUP BY "category"
	ON CONFLICT ("category") DO UPDATE SET "products" = excluded."products";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "catalog_counts_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO catalog_counts (category, products)
		SELECT category, n FROM (
			SELECT '' AS category, count(*) AS n FROM changed_products
			UNION ALL SELECT category, count(*) FROM changed_products GROUP BY category
		) counted WHERE n > 0
		ON CONFLICT (category) DO UPDATE
		SET products = catalog_counts.products + (CASE WHEN TG_OP = 'DELETE' THEN -1 ELSE 1 END) * excluded.products;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "products_counted_on_insert" AFTER INSERT ON "products"
	REFERENCING NEW TABLE AS changed_products FOR EACH STATEMENT EXECUTE FUNCTION "catalog_counts_add"();
--> statement-breakpoint
CREATE TRIGGER "products_counted_on_delete" AFTER DELETE ON "products"
	REFERENCING OLD TABLE AS changed_products FOR EACH STATEMENT EXECUTE FUNCTION "catalog_counts_add"();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "catalog_counts_move"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE catalog_counts SET products = products - 1 WHERE category = OLD.category;
	INSERT INTO catalog_counts (category, products) VALUES (NEW.category, 1)
		ON CONFLICT (category) DO UPDATE SET products = catalog_counts.products + 1;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "products_counted_on_category_change" AFTER UPDATE OF "category" ON "products"
	FOR EACH ROW WHEN (OLD."category" IS DISTINCT FROM NEW."category") EXECUTE FUNCTION "catalog_counts_move"();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "catalog_counts_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE catalog_counts SET products = 0;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "products_counted_on_truncate" AFTER TRUNCATE ON "products"
	FOR EACH STATEMENT EXECUTE FUNCTION "catalog_counts_clear"();
