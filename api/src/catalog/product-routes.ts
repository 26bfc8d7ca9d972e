import { and, eq, gte, ilike, lte, type SQL } from 'drizzle-orm';
import {
  errorResponseSchema,
  idParamsSchema,
  productDetailResponseSchema,
  productListQuerySchema,
  productListResponseSchema,
  RESULT_PER_PAGE,
} from '@shop/shared-api/schemas';
import type { z } from 'zod';
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../context.ts';
import type { ZodApp } from '../http/types.ts';
import { products } from '../db/schema.ts';
import { notFound } from '../http/errors.ts';
import { requestBaseUrl } from '../http/public-url.ts';
import { toProductViews } from './product-view.ts';
import { loadProductPage } from './product-page.ts';

const tags = ['catalog'];

/** `%` and `_` in a keyword are literal characters, not wildcards. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

function filtersOf(query: z.output<typeof productListQuerySchema>) {
  const filters: SQL[] = [];
  if (query.keyword) filters.push(ilike(products.name, `%${escapeLike(query.keyword)}%`));
  if (query.category) filters.push(eq(products.category, query.category));
  // Rupee bounds to paise, rounded inwards so a bound never lets in a price outside it.
  if (query.price?.gte !== undefined)
    filters.push(gte(products.pricePaise, Math.ceil(query.price.gte * 100)));
  if (query.price?.lte !== undefined)
    filters.push(lte(products.pricePaise, Math.floor(query.price.lte * 100)));
  if (query.ratings?.gte !== undefined) filters.push(gte(products.ratings, query.ratings.gte));
  return filters.length ? and(...filters) : undefined;
}

/** A cached answer is already JSON text: sent as is, without serializing again. */
const sendJsonText = (reply: FastifyReply, body: string) =>
  reply.type('application/json; charset=utf-8').send(body as never);

/** The storefront's catalog: filtered, paged product list and product detail. */
export function registerProductRoutes(app: ZodApp, ctx: AppContext) {
  const { db, catalogCache } = ctx;

  app.get(
    '/products',
    {
      schema: {
        tags,
        summary:
          'Products, filtered and paged (8 a page). Bracket queries: price[gte], price[lte], ratings[gte]',
        querystring: productListQuerySchema,
        response: { 200: productListResponseSchema, 400: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const baseUrl = requestBaseUrl(request, ctx.config.publicApiUrl);
      const query = request.query;
      const key = `list|${baseUrl}|${JSON.stringify(query)}`;
      const body = await catalogCache.getOrCompute(key, async () => {
        const page = await loadProductPage(db, filtersOf(query), query.page ?? 1, baseUrl);
        return JSON.stringify({ success: true, ...page, resultPerPage: RESULT_PER_PAGE });
      });
      return sendJsonText(reply, body);
    },
  );

  app.get(
    '/product/:id',
    {
      schema: {
        tags,
        summary: 'One product with its reviews',
        params: idParamsSchema,
        response: { 200: productDetailResponseSchema, 400: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const baseUrl = requestBaseUrl(request, ctx.config.publicApiUrl);
      const key = `product|${baseUrl}|${request.params.id}`;
      const body = await catalogCache.getOrCompute(key, async () => {
        const [row] = await db.select().from(products).where(eq(products.id, request.params.id));
        if (!row) throw notFound('Product not found');
        const [product] = await toProductViews(db, [row], baseUrl);
        return JSON.stringify({ success: true, product });
      });
      return sendJsonText(reply, body);
    },
  );
}
