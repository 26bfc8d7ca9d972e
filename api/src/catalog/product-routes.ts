import {
  idParamsSchema,
  productDetailResponseSchema,
  productListQuerySchema,
  productListResponseSchema,
  productSuggestQuerySchema,
  productSuggestResponseSchema,
  RESULT_PER_PAGE,
} from '@shop/shared-api/schemas';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import type { ZodApp } from '../http/types.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { loadProductPage, loadProductView } from './product-repository.ts';
import { loadSuggestions } from './suggestion-statements.ts';
import type { CatalogIndex } from './catalog-index.ts';
import { forCaller } from './broad-reads.ts';

const tag = 'catalog';
/** The error handler's answer to text the database cannot store. */
const UNSTORABLE_KEYWORD = 'Invalid request: text contains characters that cannot be stored';

/**
 * Aborts when the request's client hangs up before its answer is sent: the search box aborts the request
 * of every text the shopper has typed past.
 */
function callerLeaving(request: FastifyRequest, reply: FastifyReply): AbortSignal {
  const leaving = new AbortController();
  if (request.raw.socket?.destroyed) leaving.abort();
  else
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) leaving.abort();
    });
  return leaving.signal;
}

/** A cached answer is already JSON text: sent as is, without serializing again. */
const sendJsonText = (reply: FastifyReply, body: string) =>
  reply.type('application/json; charset=utf-8').send(body as never);

/** The storefront's catalog: filtered, paged product list, the search box's suggestions, product detail. */
export function registerProductRoutes(app: ZodApp, ctx: AppContext, catalogIndex: CatalogIndex | null) {
  const { catalogReads, kit, catalogCache } = ctx;

  /**
   * The answer under `key`, computed by `work` when no one has it: a computation may wait for a broad
   * read's turn, and stops once every caller asking for it has left.
   */
  const answerFor = (
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    work: () => Promise<string>,
  ) =>
    catalogCache.getOrCompute(key, (leaving) => forCaller(leaving, work), {
      caller: callerLeaving(request, reply),
    });

  app.get(
    '/products',
    kit.public({
      tag,
      summary:
        'Products, filtered and paged (8 a page). Bracket queries: price[gte], price[lte], ratings[gte]',
      querystring: productListQuerySchema,
      response: { 200: productListResponseSchema },
    }),
    async (request, reply) => {
      const baseUrl = kit.baseUrlOf(request);
      const query = request.query;
      // The database refuses a NUL byte in the keyword (400 via the error handler); the memory index would
      // not notice, so it is refused here with the same answer whichever path serves the list.
      if (query.keyword?.includes('\u0000')) throw badRequest(UNSTORABLE_KEYWORD);
      const key = `list|${baseUrl}|${JSON.stringify(query)}`;
      const body = await answerFor(request, reply, key, async () => {
        // The memory index answers when it holds a fresh catalog, else the database query does.
        const page = catalogIndex
          ? await catalogIndex.page(query, baseUrl)
          : await catalogReads.read((db) => loadProductPage(db, query, baseUrl));
        return JSON.stringify({ success: true, ...page, resultPerPage: RESULT_PER_PAGE });
      });
      return sendJsonText(reply, body);
    },
  );

  app.get(
    '/products/suggest',
    kit.public({
      tag,
      summary: 'Up to 6 products for the search box as the shopper types (2 characters or more)',
      description:
        'Names holding `q` literally first (what the keyword list shows), then names within a typing error ' +
        'of it (pg_trgm word similarity of 0.4 or more: "lptop" finds laptops).',
      querystring: productSuggestQuerySchema,
      response: { 200: productSuggestResponseSchema },
    }),
    async (request, reply) => {
      const baseUrl = kit.baseUrlOf(request);
      const { q } = request.query;
      if (q.includes('\u0000')) throw badRequest(UNSTORABLE_KEYWORD);
      // Cached like the list, and dropped with it on any catalog change: shoppers type the same beginnings.
      const key = `suggest|${baseUrl}|${q.toLowerCase()}`;
      const body = await answerFor(request, reply, key, async () => {
        const products = catalogIndex
          ? await catalogIndex.suggest(q, baseUrl)
          : await catalogReads.read((db) => loadSuggestions(db, q, baseUrl));
        return JSON.stringify({ success: true, products });
      });
      return sendJsonText(reply, body);
    },
  );

  app.get(
    '/product/:id',
    kit.public({
      tag,
      summary: 'One product with its reviews',
      params: idParamsSchema,
      response: { 200: productDetailResponseSchema },
      errors: [404],
    }),
    async (request, reply) => {
      const baseUrl = kit.baseUrlOf(request);
      const key = `product|${baseUrl}|${request.params.id}`;
      const body = await catalogCache.getOrCompute(
        key,
        async () => {
          // From the memory index like the list (no database round trip while it holds the catalog).
          const { id } = request.params;
          const product = catalogIndex
            ? await catalogIndex.product(id, baseUrl)
            : await catalogReads.read((db) => loadProductView(db, id, baseUrl));
          if (!product) throw notFound('Product not found');
          return JSON.stringify({ success: true, product });
        },
        { product: request.params.id },
      );
      return sendJsonText(reply, body);
    },
  );
}
