-- Drafted by drizzle-kit (the two tables), the rest by hand. The product list for a keyword at a million
-- products (issue 27): `name ILIKE '%kw%'` through the trigram index made PostgreSQL recheck every product
-- holding the keyword (a common word: 100,000 rows, 25-150 ms a count). A keyword without whitespace can
-- only lie inside one word of a name, so each name's words are kept beside the columns the list filters
-- and orders on, and the filtered count and the page's ids become index-only range scans over the words
-- the keyword lies in (found first in `catalog_words`, a small dictionary with a trigram index).
--
-- A word: the name lowered (as ILIKE lowers it) and cut at ASCII whitespace, kept when it holds a
-- non-digit (a keyword of digits alone keeps the trigram path: product numbers would fill the dictionary).
-- Cost on writes: a product inserted or deleted writes or deletes a row per word and bumps each word's
-- count (statement triggers over the transition table); a rename rewrites its words; a price, rating or
-- category change updates its few rows (a row trigger); a stock change costs nothing. Four covering indexes
-- besides the key: the database about doubles at a million products (792 -> 1,500+ MB). Concurrent inserts,
-- deletes or renames sharing a word wait for each other's commit on its dictionary row (admin writes).
-- Derived data: backups leave both tables out, a restore rebuilds them through the triggers.
-- Product writes wait while the words are filled (drizzle runs a migration in one transaction): a product
-- written by a running instance between the fill and the triggers would otherwise have no words. About
-- 30 s at a million products; nothing at a shop's usual size.
LOCK TABLE "products" IN SHARE MODE;
--> statement-breakpoint
CREATE TABLE "catalog_words" (
	"word" text PRIMARY KEY NOT NULL,
	"products" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_words" (
	"product_id" char(24) NOT NULL,
	"word" text NOT NULL,
	"category" text NOT NULL,
	"price_paise" bigint NOT NULL,
	"ratings" double precision NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "product_words_product_id_word_pk" PRIMARY KEY("product_id","word")
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "product_name_words"(name text) RETURNS SETOF text
	LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
	SELECT DISTINCT word FROM regexp_split_to_table(lower(name), '[\t\n\v\f\r ]+') AS word WHERE word ~ '[^0-9]'
$$;
--> statement-breakpoint
INSERT INTO "product_words" ("product_id", "word", "category", "price_paise", "ratings", "created_at")
	SELECT p.id, w.word, p.category, p.price_paise, p.ratings, p.created_at
	FROM products p, product_name_words(p.name) AS w(word);
--> statement-breakpoint
INSERT INTO "catalog_words" ("word", "products") SELECT word, count(*) FROM product_words GROUP BY word;
--> statement-breakpoint
-- Counts and pages by price, within a category and over every one; pages newest first, the same two ways.
CREATE INDEX "product_words_category_price_idx" ON "product_words" ("word", "category", "price_paise", "product_id")
	INCLUDE ("ratings");
--> statement-breakpoint
CREATE INDEX "product_words_price_idx" ON "product_words" ("word", "price_paise", "product_id")
	INCLUDE ("category", "ratings");
--> statement-breakpoint
CREATE INDEX "product_words_category_order_idx" ON "product_words" ("word", "category", "created_at" DESC, "product_id" DESC)
	INCLUDE ("price_paise", "ratings");
--> statement-breakpoint
CREATE INDEX "product_words_order_idx" ON "product_words" ("word", "created_at" DESC, "product_id" DESC)
	INCLUDE ("category", "price_paise", "ratings");
--> statement-breakpoint
CREATE INDEX "catalog_words_trgm_idx" ON "catalog_words" USING gin ("word" gin_trgm_ops);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "product_words_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	-- Dictionary rows locked in the words' order, so two writers never wait on each other crosswise.
	WITH added AS (
		INSERT INTO product_words (product_id, word, category, price_paise, ratings, created_at)
			SELECT p.id, w.word, p.category, p.price_paise, p.ratings, p.created_at
			FROM changed_products p, product_name_words(p.name) AS w(word)
			RETURNING word
	)
	INSERT INTO catalog_words (word, products)
		SELECT word, count(*) FROM added GROUP BY word ORDER BY word
		ON CONFLICT (word) DO UPDATE SET products = catalog_words.products + excluded.products;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "product_words_remove"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	WITH removed AS (
		DELETE FROM product_words USING changed_products p WHERE product_words.product_id = p.id
			RETURNING product_words.word
	)
	UPDATE catalog_words SET products = catalog_words.products - gone.n
		FROM (SELECT word, count(*) AS n FROM removed GROUP BY word ORDER BY word) gone
		WHERE catalog_words.word = gone.word;
	DELETE FROM catalog_words WHERE products <= 0
		AND word IN (SELECT w.word FROM changed_products p, product_name_words(p.name) AS w(word));
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "product_words_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF OLD.name IS DISTINCT FROM NEW.name OR OLD.id IS DISTINCT FROM NEW.id THEN
		DELETE FROM product_words WHERE product_id = OLD.id;
		UPDATE catalog_words SET products = products - 1 WHERE word IN (SELECT product_name_words(OLD.name));
		DELETE FROM catalog_words WHERE products <= 0 AND word IN (SELECT product_name_words(OLD.name));
		INSERT INTO product_words (product_id, word, category, price_paise, ratings, created_at)
			SELECT NEW.id, w.word, NEW.category, NEW.price_paise, NEW.ratings, NEW.created_at
			FROM product_name_words(NEW.name) AS w(word);
		INSERT INTO catalog_words (word, products)
			SELECT w.word, 1 FROM product_name_words(NEW.name) AS w(word) ORDER BY w.word
			ON CONFLICT (word) DO UPDATE SET products = catalog_words.products + 1;
	ELSE
		UPDATE product_words
			SET category = NEW.category, price_paise = NEW.price_paise, ratings = NEW.ratings, created_at = NEW.created_at
			WHERE product_id = NEW.id;
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "product_words_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	TRUNCATE product_words, catalog_words;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "products_words_on_insert" AFTER INSERT ON "products"
	REFERENCING NEW TABLE AS changed_products FOR EACH STATEMENT EXECUTE FUNCTION "product_words_add"();
--> statement-breakpoint
CREATE TRIGGER "products_words_on_delete" AFTER DELETE ON "products"
	REFERENCING OLD TABLE AS changed_products FOR EACH STATEMENT EXECUTE FUNCTION "product_words_remove"();
--> statement-breakpoint
CREATE TRIGGER "products_words_on_change"
	AFTER UPDATE OF "id", "name", "category", "price_paise", "ratings", "created_at" ON "products"
	FOR EACH ROW WHEN (OLD."id" IS DISTINCT FROM NEW."id" OR OLD."name" IS DISTINCT FROM NEW."name"
		OR OLD."category" IS DISTINCT FROM NEW."category" OR OLD."price_paise" IS DISTINCT FROM NEW."price_paise"
		OR OLD."ratings" IS DISTINCT FROM NEW."ratings" OR OLD."created_at" IS DISTINCT FROM NEW."created_at")
	EXECUTE FUNCTION "product_words_change"();
--> statement-breakpoint
CREATE TRIGGER "products_words_on_truncate" AFTER TRUNCATE ON "products"
	FOR EACH STATEMENT EXECUTE FUNCTION "product_words_clear"();
