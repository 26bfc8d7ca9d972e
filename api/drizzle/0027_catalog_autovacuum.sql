-- Written by hand: storage parameters drizzle does not model.
-- The list reads the catalog's words, bands and products index-only (migrations 0023-0026): a row whose page
-- is not marked all-visible is read from the table as well, and only VACUUM marks pages. By default
-- autovacuum visits a table after a fifth of its rows changed or were added: for `product_words` at a
-- million products, 1.2 million rows, about 400,000 products imported. Measured on the bench's million
-- (PostgreSQL 15): after 20,000 products imported in one statement, 1,739 lists a second a minute later
-- (autovacuum had visited the small bands and dictionary tables) against 2,433 once `products` and
-- `product_words` were vacuumed too, which took 0.2 s (only the new pages are read; with no rows removed,
-- the indexes are not scanned). These tables are visited after 1% of their rows,
-- and their statistics gathered again after 2%: the dictionary's size is what the list's plans are made
-- for (api/test/list-plans.test.ts).
ALTER TABLE "products" SET (autovacuum_vacuum_scale_factor = 0.01, autovacuum_vacuum_insert_scale_factor = 0.01, autovacuum_analyze_scale_factor = 0.02);
--> statement-breakpoint
ALTER TABLE "product_words" SET (autovacuum_vacuum_scale_factor = 0.01, autovacuum_vacuum_insert_scale_factor = 0.01, autovacuum_analyze_scale_factor = 0.02);
--> statement-breakpoint
ALTER TABLE "product_word_pairs" SET (autovacuum_vacuum_scale_factor = 0.01, autovacuum_vacuum_insert_scale_factor = 0.01, autovacuum_analyze_scale_factor = 0.02);
--> statement-breakpoint
ALTER TABLE "catalog_price_bands" SET (autovacuum_vacuum_scale_factor = 0.01, autovacuum_vacuum_insert_scale_factor = 0.01, autovacuum_analyze_scale_factor = 0.02);
--> statement-breakpoint
ALTER TABLE "catalog_words" SET (autovacuum_vacuum_scale_factor = 0.01, autovacuum_vacuum_insert_scale_factor = 0.01, autovacuum_analyze_scale_factor = 0.02);
