import { asc, count } from 'drizzle-orm';
import {
  catalogChangesQuerySchema,
  catalogChangesResponseSchema,
  catalogRevisionResponseSchema,
  SITEMAP_PAGE_SIZE,
  sitemapPageQuerySchema,
  sitemapPageResponseSchema,
} from '@shop/shared-api/schemas';
import type { AppContext } from '../context.ts';
import { products } from '../db/schema.ts';
import type { ZodApp } from '../http/types.ts';
import { readCatalogChanges, readCatalogRevision } from './catalog-revision.ts';

const tag = 'catalog';

/** What servers in front of the api read about the catalog as a whole: its revision and its sitemap. */
export function registerCatalogFeedRoutes(app: ZodApp, ctx: AppContext) {
  const { db, kit, catalogCache } = ctx;

  app.get(
    '/catalog/revision',
    kit.public({
      tag,
      summary: 'A number that grows with every catalog change on any instance (for caches of rendered pages)',
      response: { 200: catalogRevisionResponseSchema },
    }),
    async () => ({ success: true as const, revision: await readCatalogRevision(db) }),
  );

  app.get(
    '/catalog/changes',
    kit.public({
      tag,
      summary:
        'The revision now and the products whose pages changed after `since` (null: anything may have)',
      querystring: catalogChangesQuerySchema,
      response: { 200: catalogChangesResponseSchema },
    }),
    async (request) => ({ success: true as const, ...(await readCatalogChanges(db, request.query.since)) }),
  );

  app.get(
    '/catalog/sitemap',
    kit.public({
      tag,
      summary: `Every product's id, ${SITEMAP_PAGE_SIZE.toLocaleString('en-US')} a page, in a stable order (for sitemaps)`,
      querystring: sitemapPageQuerySchema,
      response: { 200: sitemapPageResponseSchema },
    }),
    async (request, reply) => {
      const page = request.query.page ?? 1;
      // Kept with the catalog's other answers: dropped on any catalog change.
      const body = await catalogCache.getOrCompute(`sitemap|${page}`, async () => {
        const [ids, [total]] = await Promise.all([
          db
            .select({ id: products.id })
            .from(products)
            .orderBy(asc(products.id))
            .limit(SITEMAP_PAGE_SIZE)
            .offset((page - 1) * SITEMAP_PAGE_SIZE),
          db.select({ value: count() }).from(products),
        ]);
        return JSON.stringify({
          success: true,
          products: ids.map((row) => row.id),
          productsCount: total?.value ?? 0,
          resultPerPage: SITEMAP_PAGE_SIZE,
        });
      });
      return reply.type('application/json; charset=utf-8').send(body as never);
    },
  );
}
