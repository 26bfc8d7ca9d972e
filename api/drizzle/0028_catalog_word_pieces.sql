-- Written by hand: an expression index drizzle does not model. A keyword of one or two characters ("tv",
-- "4k", "xl") has no trigram for the dictionary's trigram index, so the list found the words holding it by
-- walking the dictionary in order until 33 matched: every word when few or none hold it. Measured on
-- PostgreSQL 15 with a dictionary of 500,000 words (a million names with model numbers), the list's plan
-- for any keyword: 158 ms for "zq". Each word's pieces of one and two characters are indexed here, and the
-- words holding such a keyword are read from their posting list: 0.15 ms for "zq"; a piece that most words
-- hold ("e", 88,000 words) is the dearest, 4.5 ms, where the walk stopped at once (0.05 ms).
-- Cost: 12 MB at 500,000 words (a table of the pieces and their words took 793 MB); 20,000 words new to the
-- dictionary at once took 0.44 s to write instead of 0.10 (a word already known writes nothing here). New
-- words wait in the index's pending list until vacuum (0027's thresholds) or analyze merges them: 1.4 ms
-- for "zq" with 20,000 pending.
CREATE OR REPLACE FUNCTION "word_pieces"(word text) RETURNS text[]
	LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
	-- In characters (code points), as the list measures a keyword and as LIKE matches one.
	SELECT array(SELECT DISTINCT substr(word, i, n) FROM generate_series(1, char_length(word)) AS i,
		(VALUES (1), (2)) AS sizes(n) WHERE i + n - 1 <= char_length(word))
$$;
--> statement-breakpoint
CREATE INDEX "catalog_words_pieces_idx" ON "catalog_words" USING gin ("word_pieces"("word"));
