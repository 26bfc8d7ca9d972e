import { z } from 'zod';
import { objectIdSchema, pageNumberSchema } from './common.ts';

// What servers in front of the api read about the catalog as a whole: the page server's cache follows its
// revision, and its sitemap lists every product page (page-server/).

/**
 * `GET /catalog/revision`: a number that grows with every change to what a product page shows (a product,
 * its stock, a review, a reviewer's name), on any api instance. A cache of rendered pages is dropped when it
 * moves.
 */
export const catalogRevisionResponseSchema = z.object({
  success: z.literal(true),
  revision: z.number().int().nonnegative(),
});
export type CatalogRevisionResponse = z.infer<typeof catalogRevisionResponseSchema>;

/** `GET /catalog/changes?since=N`: what changed after revision N (none given: the revision now). */
export const catalogChangesQuerySchema = z.object({
  since: z.coerce
    .number({ error: 'since must be a number' })
    .int('since must be a whole number')
    .min(0, 'since must be at least 0')
    .optional(),
});

/**
 * The revision the changes are read up to and the products whose pages changed after `since`: only those
 * product pages, and every page that lists products, need rendering again; ask from that revision next.
 * It can be a step behind `GET /catalog/revision` while a write is recording its revision. `products:
 * null` when anything may have changed (a seed, an import, a change no longer remembered or never
 * recorded, or no `since`).
 */
export const catalogChangesResponseSchema = z.object({
  success: z.literal(true),
  revision: z.number().int().nonnegative(),
  products: z.array(objectIdSchema).nullable(),
});
export type CatalogChangesResponse = z.infer<typeof catalogChangesResponseSchema>;

/** Addresses in one sitemap file, the most the sitemap protocol allows. */
export const SITEMAP_PAGE_SIZE = 50_000;

/** `GET /catalog/sitemap?page=N`: page N of every product's id, in a stable order. */
export const sitemapPageQuerySchema = z.object({
  page: pageNumberSchema(10_000).optional(),
});

export const sitemapPageResponseSchema = z.object({
  success: z.literal(true),
  products: z.array(objectIdSchema),
  productsCount: z.number().int().nonnegative(),
  resultPerPage: z.number().int().positive(),
});
export type SitemapPageResponse = z.infer<typeof sitemapPageResponseSchema>;
