-- Hand-written. The admin's product list shows how many products there are and how many are out of stock
-- on every page view; it counted both over every product (a full read: ~150 ms at 1,000,000 products on
-- PostgreSQL 15). The total is already kept in catalog_counts (0014); this keeps the out-of-stock count beside
-- it, for the whole catalog ('') and each category, in the writing transaction as 0014's counters are.
-- Its cost on writes: an order that sells the last one (or a restock from zero) updates two counter rows;
-- any other stock change does nothing more (the trigger's WHEN is checked in the row's update).
ALTER TABLE "catalog_counts" ADD COLUMN "out_of_stock" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
UPDATE "catalog_counts" SET "out_of_stock" = (
	SELECT count(*) FROM "products" WHERE "stock" < 1 AND ("catalog_counts"."category" = '' OR "products"."category" = "catalog_counts"."category")
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "catalog_counts_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO catalog_counts (category, products, out_of_stock)
		SELECT category, n, gone FROM (
			SELECT '' AS category, count(*) AS n, count(*) FILTER (WHERE stock < 1) AS gone FROM changed_products
			UNION ALL SELECT category, count(*), count(*) FILTER (WHERE stock < 1) FROM changed_products GROUP BY category
		) counted WHERE n > 0
		ON CONFLICT (category) DO UPDATE
		SET products = catalog_counts.products + (CASE WHEN TG_OP = 'DELETE' THEN -1 ELSE 1 END) * excluded.products,
			out_of_stock = catalog_counts.out_of_stock + (CASE WHEN TG_OP = 'DELETE' THEN -1 ELSE 1 END) * excluded.out_of_stock;
	RETURN NULL;
END $$;
--> statement-breakpoint
-- Fires after 0014's products_counted_on_category_change (triggers fire in name order), which has made the
-- new category's row: the product leaves the count where it was out of stock and joins it where it is.
CREATE OR REPLACE FUNCTION "catalog_counts_stock"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE catalog_counts SET out_of_stock = out_of_stock - 1 WHERE OLD.stock < 1 AND category IN ('', OLD.category);
	UPDATE catalog_counts SET out_of_stock = out_of_stock + 1 WHERE NEW.stock < 1 AND category IN ('', NEW.category);
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "products_stock_counted_on_change" AFTER UPDATE OF "stock", "category" ON "products"
	FOR EACH ROW WHEN ((OLD."stock" < 1 OR NEW."stock" < 1)
		AND (OLD."stock" IS DISTINCT FROM NEW."stock" OR OLD."category" IS DISTINCT FROM NEW."category"))
	EXECUTE FUNCTION "catalog_counts_stock"();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "catalog_counts_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE catalog_counts SET products = 0, out_of_stock = 0;
	RETURN NULL;
END $$;
