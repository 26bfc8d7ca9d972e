-- The rating a product shows is the rating its filter compares: stored rounded to two decimals.
UPDATE "products" SET "ratings" = round("ratings"::numeric, 2)::float8;
