import { reviewInputSchema, successSchema } from '@shop/shared-api/schemas';
import type { AppContext } from '../context.ts';
import type { ZodApp } from '../http/types.ts';
import { notFound, SESSION_EXPIRED_MESSAGE, unauthorized } from '../http/errors.ts';
import { currentUser } from '../http/route-kit.ts';
import { lockProduct, lockReviewer, refreshProductRating, upsertReview } from './review-repository.ts';

/** Rating, comment and product id: a few short text fields, no files. */
const REVIEW_FORM = { fields: 5, fieldSize: 64 * 1024, files: 0, fileSize: 0, maxBytes: 256 * 1024 };

/** A shopper's review: one per user per product (a second submission updates it). */
export function registerReviewRoutes(app: ZodApp, ctx: AppContext) {
  const { db, kit } = ctx;

  app.put(
    '/review',
    kit.user({
      tag: 'catalog',
      summary: 'Submit or update my review of a product (form data or JSON)',
      body: reviewInputSchema,
      response: { 200: successSchema },
      form: REVIEW_FORM,
      errors: [404],
    }),
    async (request) => {
      const user = currentUser(request);
      const { rating, comment, productId } = request.body;
      await db.transaction(async (tx) => {
        if (!(await lockReviewer(tx, user.id))) throw unauthorized(SESSION_EXPIRED_MESSAGE);
        if (!(await lockProduct(tx, productId))) throw notFound('Product not found');
        await upsertReview(tx, { productId, userId: user.id, rating, comment });
        await refreshProductRating(tx, productId);
      });
      ctx.catalogCache.invalidate([productId]);
      return { success: true as const };
    },
  );
}
