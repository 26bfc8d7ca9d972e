-- Drafted by drizzle-kit (the table and its index), the rest by hand.
-- A keyword lying in several words of the names with none holding most of them ("phone": phone and
-- headphones, 100,000 products each in the bench's million) was counted by gathering every row of the words
-- by product, to count a product holding two of them once: 72,000 rows hashed, 19-26 ms alone and up to
-- 120 ms under load, for 4% of the bench's lists and about half of the database's time. A keyword of three
-- characters or more lying in two words of a name lies in a pair of words sharing three characters in a
-- row, kept here once per product; such a count is now the words' price bands summed (each product once
-- per word it holds, `api/src/catalog/price-bands.ts`) less, for each product holding `k` of the words
-- (`k(k-1)/2` of their pairs), `k - 1` (`api/src/catalog/list-counts.ts`).
--
-- Cost on writes: a product added or renamed compares each two words of its name (one pair kept in the
-- bench's million; its seed 42-44 -> 47.5 s); a product deleted or renamed drops its pairs; a price, rating,
-- category or stock change costs nothing (the count filters through the products' own columns). Derived
-- data: backups leave it out, a restore rebuilds it.
LOCK TABLE "products" IN SHARE MODE;
--> statement-breakpoint
CREATE TABLE "product_word_pairs" (
	"product_id" char(24) NOT NULL,
	"word_a" text NOT NULL,
	"word_b" text NOT NULL,
	CONSTRAINT "product_word_pairs_product_id_word_a_word_b_pk" PRIMARY KEY("product_id","word_a","word_b")
);
--> statement-breakpoint
CREATE INDEX "product_word_pairs_words_idx" ON "product_word_pairs" USING btree ("word_a","word_b");
--> statement-breakpoint
-- Whether two words share three characters in a row: a keyword of three or more lying in both does. A loop,
-- not a query over generate_series: 0.9 against 2.8 µs a call, a million calls in the bench's seed.
CREATE OR REPLACE FUNCTION "product_words_share_three"(a text, b text) RETURNS boolean
	LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
BEGIN
	FOR i IN 1 .. char_length(a) - 2 LOOP
		IF strpos(b, substr(a, i, 3)) > 0 THEN
			RETURN true;
		END IF;
	END LOOP;
	RETURN false;
END $$;
--> statement-breakpoint
INSERT INTO "product_word_pairs" ("product_id", "word_a", "word_b")
	SELECT a.product_id, least(a.word, b.word), greatest(a.word, b.word)
	FROM product_words a JOIN product_words b ON b.product_id = a.product_id AND a.word < b.word
	WHERE product_words_share_three(a.word, b.word);
--> statement-breakpoint
-- The pairs of the words a statement added (`paired_rows`). A product's words always come in one statement
-- (0023's triggers add a product's, or a renamed one's after dropping its old), so they are paired among
-- themselves (joined with every word held, the bench's seed of a million took 11 s more, not 7).
CREATE OR REPLACE FUNCTION "product_word_pairs_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO product_word_pairs (product_id, word_a, word_b)
		SELECT a.product_id, a.word, b.word
		FROM paired_rows a JOIN paired_rows b ON b.product_id = a.product_id AND a.word < b.word
		WHERE product_words_share_three(a.word, b.word)
		ON CONFLICT DO NOTHING;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "product_word_pairs_remove"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM product_word_pairs AS pair USING paired_rows removed
		WHERE pair.product_id = removed.product_id AND removed.word IN (pair.word_a, pair.word_b);
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "product_word_pairs_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	TRUNCATE product_word_pairs;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "product_words_pairs_on_insert" AFTER INSERT ON "product_words"
	REFERENCING NEW TABLE AS paired_rows FOR EACH STATEMENT EXECUTE FUNCTION "product_word_pairs_add"();
--> statement-breakpoint
CREATE TRIGGER "product_words_pairs_on_delete" AFTER DELETE ON "product_words"
	REFERENCING OLD TABLE AS paired_rows FOR EACH STATEMENT EXECUTE FUNCTION "product_word_pairs_remove"();
--> statement-breakpoint
CREATE TRIGGER "product_words_pairs_on_truncate" AFTER TRUNCATE ON "product_words"
	FOR EACH STATEMENT EXECUTE FUNCTION "product_word_pairs_clear"();
