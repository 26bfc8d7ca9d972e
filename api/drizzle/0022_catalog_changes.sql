-- Drafted by drizzle-kit. What each catalog revision changed (GET /catalog/changes): the products whose pages
-- show something new, or null when anything may have. The api writes a row with every revision it takes;
-- a page server drops those products' pages and the lists, and keeps every other product page.
CREATE TABLE "catalog_changes" (
	"revision" bigint PRIMARY KEY NOT NULL,
	"products" jsonb
);
