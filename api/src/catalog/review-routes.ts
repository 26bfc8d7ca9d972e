import { and, eq } from 'drizzle-orm';
import {
  deleteReviewQuerySchema,
  errorResponseSchema,
  reviewInputSchema,
  reviewsQuerySchema,
  reviewsResponseSchema,
  successMessageSchema,
  successSchema,
} from '@shop/shared-api/schemas';
import type { AppContext } from '../context.ts';
import type { ZodApp } from '../http/types.ts';
import { products, reviews } from '../db/schema.ts';
import { newId } from '../db/ids.ts';
import { notFound } from '../http/errors.ts';
import { readFormBody } from '../http/form-body.ts';
import { requestBaseUrl } from '../http/public-url.ts';
import { currentUser } from '../auth/guards.ts';
import { loadReviews, refreshProductRating } from './product-view.ts';

const security = [{ bearerAuth: [] }];
const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};

/** Reviews: one per user per product (a second submission updates it); only admins delete. */
export function registerReviewRoutes(app: ZodApp, ctx: AppContext) {
  const { db } = ctx;

  app.put(
    '/review',
    {
      onRequest: ctx.guards.requireUser,
      preValidation: readFormBody,
      schema: {
        tags: ['catalog'],
        summary: 'Submit or update my review of a product (form data or JSON)',
        security,
        consumes: ['multipart/form-data', 'application/json', 'application/x-www-form-urlencoded'],
        body: reviewInputSchema,
        response: { 200: successSchema, ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { rating, comment, productId } = request.body;
      await db.transaction(async (tx) => {
        const [product] = await tx
          .select({ id: products.id })
          .from(products)
          .where(eq(products.id, productId))
          .for('update');
        if (!product) throw notFound('Product not found');
        await tx
          .insert(reviews)
          .values({ id: newId(), productId, userId: user.id, rating, comment })
          .onConflictDoUpdate({
            target: [reviews.productId, reviews.userId],
            set: { rating, comment, updatedAt: new Date() },
          });
        await refreshProductRating(tx, productId);
      });
      ctx.catalogCache.invalidate();
      return { success: true as const };
    },
  );

  app.get(
    '/admin/reviews',
    {
      onRequest: ctx.guards.requireAdmin,
      schema: {
        tags: ['admin: reviews'],
        summary: 'Reviews of one product',
        security,
        querystring: reviewsQuerySchema,
        response: { 200: reviewsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const productId = request.query.id;
      const [product] = await db.select({ id: products.id }).from(products).where(eq(products.id, productId));
      if (!product) throw notFound('Product not found');
      const byProduct = await loadReviews(db, [productId], requestBaseUrl(request, ctx.config.publicApiUrl));
      return { success: true as const, reviews: byProduct.get(productId) ?? [] };
    },
  );

  app.delete(
    '/admin/reviews',
    {
      onRequest: ctx.guards.requireAdmin,
      schema: {
        tags: ['admin: reviews'],
        summary: 'Delete a review (id) of a product (productId); the rating is recomputed',
        security,
        querystring: deleteReviewQuerySchema,
        response: { 200: successMessageSchema, ...errors },
      },
    },
    async (request) => {
      const { id, productId } = request.query;
      await db.transaction(async (tx) => {
        const deleted = await tx
          .delete(reviews)
          .where(and(eq(reviews.id, id), eq(reviews.productId, productId)))
          .returning({ id: reviews.id });
        if (deleted.length === 0) throw notFound('Review not found');
        await refreshProductRating(tx, productId);
      });
      ctx.catalogCache.invalidate();
      return { success: true as const, message: 'Review Deleted Successfully' };
    },
  );
}
