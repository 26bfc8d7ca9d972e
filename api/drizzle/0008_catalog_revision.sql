-- Hand-written. The catalog's revision (GET /catalog/revision): every instance's catalog write takes the next
-- value, so servers in front of the api (the page server's cache of rendered pages) see one number move
-- whichever instance wrote. Advanced once so that `last_value` is the current revision from the start.
CREATE SEQUENCE IF NOT EXISTS "catalog_revision";
--> statement-breakpoint
SELECT nextval('catalog_revision');
