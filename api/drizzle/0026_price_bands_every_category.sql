-- Drafted by drizzle-kit (the index dropped), the rest by hand.
-- A list's filtered count without a category summed a word's price bands of all seven categories through
-- `catalog_price_bands_word_band_idx`: at a million products a common word in a range of 50 bands read
-- about 2,200 index entries, 0.32-0.45 ms, against 0.08-0.13 ms for the same count in a category (300
-- entries), and a seventh of the bench's random lists ask no category. The bands now also hold, under the
-- category '' (no product's category: PRODUCT_CATEGORIES), every category's products together, and such a
-- count reads those by the primary key (`api/src/catalog/list-counts.ts`); the index, read by nothing else,
-- goes.
--
-- Cost on writes: a product added or deleted bumps twice the band rows it did (its category's and ''); a
-- price or rating change that changes its band or whole star moves four rows instead of two; a category
-- change alone moves two, as before (its '' rows stay); a stock change costs nothing. The table grows by a
-- seventh of its rows per word (27,000 at the bench's million). Product writes wait while the rows are
-- added (under a second at a million products).
LOCK TABLE "products" IN SHARE MODE;
--> statement-breakpoint
DROP INDEX "catalog_price_bands_word_band_idx";
--> statement-breakpoint
INSERT INTO "catalog_price_bands" (word, category, band, rating_floor, products)
	SELECT word, '', band, rating_floor, sum(products) FROM catalog_price_bands GROUP BY word, band, rating_floor;
--> statement-breakpoint
-- Rows added (a sign of 1) or removed (-1) by a statement on `products` (word '') or `product_words`,
-- from its transition table `banded_rows`, each in its category's bands and in those of every category
-- (''), rows locked in key order; a band's row emptied is deleted.
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
				SELECT '', counted_in.category, catalog_price_band(price_paise), floor(ratings)::integer, sign * count(*)
				FROM banded_rows CROSS JOIN LATERAL (VALUES (banded_rows.category), ('')) AS counted_in(category)
				GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
				ON CONFLICT (word, category, band, rating_floor) DO UPDATE SET products = kept.products + excluded.products
				RETURNING kept.word, kept.category, kept.band, kept.rating_floor, kept.products
		)
		SELECT array_agg(bumped.word), array_agg(bumped.category), array_agg(bumped.band), array_agg(bumped.rating_floor)
			INTO words, categories, bands, floors FROM bumped WHERE bumped.products <= 0;
	ELSE
		WITH bumped AS (
			INSERT INTO catalog_price_bands AS kept (word, category, band, rating_floor, products)
				SELECT banded_rows.word, counted_in.category, catalog_price_band(price_paise), floor(ratings)::integer, sign * count(*)
				FROM banded_rows CROSS JOIN LATERAL (VALUES (banded_rows.category), ('')) AS counted_in(category)
				GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
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
-- A row whose category, price or rating changed leaves its band's row for another's, in its category's
-- bands and in every category's (''), where they differ: a category change alone leaves the '' rows as
-- they were (its two moves there cancel out and are not written).
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
		SELECT moved_word, moved.category, moved.band, moved.rating_floor, sum(moved.products) FROM (VALUES
			(OLD.category, catalog_price_band(OLD.price_paise), floor(OLD.ratings)::integer, -1),
			(NEW.category, catalog_price_band(NEW.price_paise), floor(NEW.ratings)::integer, 1),
			('', catalog_price_band(OLD.price_paise), floor(OLD.ratings)::integer, -1),
			('', catalog_price_band(NEW.price_paise), floor(NEW.ratings)::integer, 1)
		) moved(category, band, rating_floor, products)
		GROUP BY 2, 3, 4 HAVING sum(moved.products) <> 0 ORDER BY 2, 3, 4
		ON CONFLICT (word, category, band, rating_floor) DO UPDATE SET products = kept.products + excluded.products;
	DELETE FROM catalog_price_bands AS kept WHERE kept.word = moved_word
		AND kept.category IN (OLD.category, '') AND kept.band = catalog_price_band(OLD.price_paise)
		AND kept.rating_floor = floor(OLD.ratings)::integer AND kept.products <= 0;
	RETURN NULL;
END $$;
