-- Drafted by drizzle-kit (the table and its second index), the rest by hand, the indexes' INCLUDE too:
-- a count reads the bands index-only (visiting the table's rows was 4 ms of the first 6 ms measured).
-- The product list's filtered count at a million products (issue 27): a common word without a category,
-- in a price range, read every product of the range from `product_words_price_idx` (22,000 index entries,
-- 4-7 ms, two thirds of the database's time under the bench's random lists), and a price range without a
-- keyword read the products' (200,000 entries, 22-40 ms). Each band of 100 rupees now carries its count,
-- by word ('' for every product), category and whole stars of rating: a count sums the bands wholly
-- inside the range and counts only the products of the bands at its two ends
-- (`api/src/catalog/price-bands.ts`).
--
-- Cost on writes: a product added or deleted bumps one band row per word and one for '' (statement
-- triggers over the transition tables, rows locked in key order); a price, rating or category change moves
-- the product between two rows of each, and only when its band or whole star changes; a rename moves its
-- words' rows as it moves its words; a stock change costs nothing. Concurrent writes of products in the same band wait for
-- each other's commit on its row (admin writes). Derived data: backups leave it out, a restore rebuilds it.
-- Product writes wait while the bands are filled, as in 0023 (about 2 s at a million products).
LOCK TABLE "products" IN SHARE MODE;
--> statement-breakpoint
CREATE TABLE "catalog_price_bands" (
	"word" text NOT NULL,
	"category" text NOT NULL,
	"band" integer NOT NULL,
	"rating_floor" integer NOT NULL,
	"products" integer NOT NULL,
	CONSTRAINT "catalog_price_bands_word_category_band_rating_floor_pk" PRIMARY KEY("word","category","band","rating_floor") INCLUDE ("products")
);
--> statement-breakpoint
CREATE INDEX "catalog_price_bands_word_band_idx" ON "catalog_price_bands" USING btree ("word","band","rating_floor") INCLUDE ("products");
--> statement-breakpoint
-- The band of a price in paise: 100 rupees wide (PRICE_BAND_PAISE in price-bands.ts must agree).
CREATE OR REPLACE FUNCTION "catalog_price_band"(price_paise bigint) RETURNS integer
	LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT (price_paise / 10000)::integer $$;
--> statement-breakpoint
INSERT INTO "catalog_price_bands" (word, category, band, rating_floor, products)
	SELECT '', category, catalog_price_band(price_paise), floor(ratings)::integer, count(*)
	FROM products GROUP BY 1, 2, 3, 4
	UNION ALL
	SELECT word, category, catalog_price_band(price_paise), floor(ratings)::integer, count(*)
	FROM product_words GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
-- Rows added (a sign of 1) or removed (-1) by a statement on `products` (word '') or `product_words`,
-- from its transition table `banded_rows`, rows locked in key order; a band's row emptied is deleted.
-- Two static statements (not one built for the table with format()): PL/pgSQL keeps their plans.
CREATE OR REPLACE FUNCTION "catalog_price_bands_count"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	sign integer := CASE TG_OP WHEN 'INSERT' THEN 1 ELSE -1 END;
	words text[];
	categories text[];
	bands integer[];
	floors integer[];
BEGIN
	IF TG_TABLE_NAME = 'products' THEN
		WITH bumped AS (
			INSERT INTO catalog_price_bands AS kept (word, category, band, rating_floor, products)
				SELECT '', category, catalog_price_band(price_paise), floor(ratings)::integer, sign * count(*)
				FROM banded_rows GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
				ON CONFLICT (word, category, band, rating_floor) DO UPDATE SET products = kept.products + excluded.products
				RETURNING kept.word, kept.category, kept.band, kept.rating_floor, kept.products
		)
		SELECT array_agg(bumped.word), array_agg(bumped.category), array_agg(bumped.band), array_agg(bumped.rating_floor)
			INTO words, categories, bands, floors FROM bumped WHERE bumped.products <= 0;
	ELSE
		WITH bumped AS (
			INSERT INTO catalog_price_bands AS kept (word, category, band, rating_floor, products)
				SELECT banded_rows.word, category, catalog_price_band(price_paise), floor(ratings)::integer, sign * count(*)
				FROM banded_rows GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
				ON CONFLICT (word, category, band, rating_floor) DO UPDATE SET products = kept.products + excluded.products
				RETURNING kept.word, kept.category, kept.band, kept.rating_floor, kept.products
		)
		SELECT array_agg(bumped.word), array_agg(bumped.category), array_agg(bumped.band), array_agg(bumped.rating_floor)
			INTO words, categories, bands, floors FROM bumped WHERE bumped.products <= 0;
	END IF;
	IF words IS NOT NULL THEN
		DELETE FROM catalog_price_bands AS kept
			USING unnest(words, categories, bands, floors) AS emptied(word, category, band, rating_floor)
			WHERE kept.word = emptied.word AND kept.category = emptied.category AND kept.band = emptied.band
				AND kept.rating_floor = emptied.rating_floor AND kept.products <= 0;
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
-- A row whose category, price or rating changed leaves its band's row for another's, when they differ.
CREATE OR REPLACE FUNCTION "catalog_price_bands_move"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	moved_word text := '';
BEGIN
	IF TG_TABLE_NAME = 'product_words' THEN
		moved_word := OLD.word;
	END IF;
	IF OLD.category = NEW.category AND catalog_price_band(OLD.price_paise) = catalog_price_band(NEW.price_paise)
		AND floor(OLD.ratings) = floor(NEW.ratings) THEN
		RETURN NULL;
	END IF;
	INSERT INTO catalog_price_bands AS kept (word, category, band, rating_floor, products)
		SELECT * FROM (VALUES
			(moved_word, OLD.category, catalog_price_band(OLD.price_paise), floor(OLD.ratings)::integer, -1),
			(moved_word, NEW.category, catalog_price_band(NEW.price_paise), floor(NEW.ratings)::integer, 1)
		) moved ORDER BY 1, 2, 3, 4
		ON CONFLICT (word, category, band, rating_floor) DO UPDATE SET products = kept.products + excluded.products;
	DELETE FROM catalog_price_bands AS kept WHERE kept.word = moved_word
		AND kept.category = OLD.category AND kept.band = catalog_price_band(OLD.price_paise)
		AND kept.rating_floor = floor(OLD.ratings)::integer AND kept.products <= 0;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "catalog_price_bands_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM catalog_price_bands WHERE (word = '') = (TG_TABLE_NAME = 'products');
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "products_bands_on_insert" AFTER INSERT ON "products"
	REFERENCING NEW TABLE AS banded_rows FOR EACH STATEMENT EXECUTE FUNCTION "catalog_price_bands_count"();
--> statement-breakpoint
CREATE TRIGGER "products_bands_on_delete" AFTER DELETE ON "products"
	REFERENCING OLD TABLE AS banded_rows FOR EACH STATEMENT EXECUTE FUNCTION "catalog_price_bands_count"();
--> statement-breakpoint
CREATE TRIGGER "products_bands_on_change" AFTER UPDATE OF "category", "price_paise", "ratings" ON "products"
	FOR EACH ROW WHEN (OLD."category" IS DISTINCT FROM NEW."category"
		OR OLD."price_paise" IS DISTINCT FROM NEW."price_paise" OR OLD."ratings" IS DISTINCT FROM NEW."ratings")
	EXECUTE FUNCTION "catalog_price_bands_move"();
--> statement-breakpoint
CREATE TRIGGER "products_bands_on_truncate" AFTER TRUNCATE ON "products"
	FOR EACH STATEMENT EXECUTE FUNCTION "catalog_price_bands_clear"();
--> statement-breakpoint
CREATE TRIGGER "product_words_bands_on_insert" AFTER INSERT ON "product_words"
	REFERENCING NEW TABLE AS banded_rows FOR EACH STATEMENT EXECUTE FUNCTION "catalog_price_bands_count"();
--> statement-breakpoint
CREATE TRIGGER "product_words_bands_on_delete" AFTER DELETE ON "product_words"
	REFERENCING OLD TABLE AS banded_rows FOR EACH STATEMENT EXECUTE FUNCTION "catalog_price_bands_count"();
--> statement-breakpoint
CREATE TRIGGER "product_words_bands_on_change" AFTER UPDATE OF "category", "price_paise", "ratings" ON "product_words"
	FOR EACH ROW WHEN (OLD."category" IS DISTINCT FROM NEW."category"
		OR OLD."price_paise" IS DISTINCT FROM NEW."price_paise" OR OLD."ratings" IS DISTINCT FROM NEW."ratings")
	EXECUTE FUNCTION "catalog_price_bands_move"();
--> statement-breakpoint
CREATE TRIGGER "product_words_bands_on_truncate" AFTER TRUNCATE ON "product_words"
	FOR EACH STATEMENT EXECUTE FUNCTION "catalog_price_bands_clear"();
