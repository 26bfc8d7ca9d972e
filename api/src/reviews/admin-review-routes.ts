import {
  deleteReviewQuerySchema,
  reviewsQuerySchema,
  reviewsResponseSchema,
  successMessageSchema,
} from '@shop/shared-api/schemas';
import type { AppContext } from '../context.ts';
import type { ZodApp } from '../http/types.ts';
import { notFound } from '../http/errors.ts';
import { currentUser } from '../http/route-kit.ts';
import { recordAdminChange } from '../audit/audit-trail.ts';
import {
  deleteReview,
  loadReviews,
  lockProduct,
  productExists,
  refreshProductRating,
} from './review-repository.ts';

const tag = 'admin: reviews';

/** Admin review moderation, inside the admin plugin (`/admin`): list a product's reviews, delete one. */
export function registerAdminReviewRoutes(admin: ZodApp, ctx: AppContext) {
  const { db, kit } = ctx;

  admin.get(
    '/reviews',
    kit.admin({
      tag,
      summary: 'Reviews of one product',
      querystring: reviewsQuerySchema,
      response: { 200: reviewsResponseSchema },
      errors: [404],
    }),
    async (request) => {
      const productId = request.query.id;
      if (!(await productExists(db, productId))) throw notFound('Product not found');
      const byProduct = await loadReviews(db, [productId], kit.baseUrlOf(request));
      return { success: true as const, reviews: byProduct.get(productId) ?? [] };
    },
  );

  admin.delete(
    '/reviews',
    kit.admin({
      tag,
      summary: 'Delete a review (id) of a product (productId); the rating is recomputed',
      querystring: deleteReviewQuerySchema,
      response: { 200: successMessageSchema },
      errors: [404],
    }),
    async (request) => {
      const { id, productId } = request.query;
      await db.transaction(async (tx) => {
        await lockProduct(tx, productId);
        const deleted = await deleteReview(tx, id, productId);
        if (!deleted) throw notFound('Review not found');
        await refreshProductRating(tx, productId);
        await recordAdminChange(tx, {
          actor: currentUser(request),
          action: 'review.delete',
          targetId: deleted.id,
          before: {
            product: deleted.productId,
            user: deleted.userId,
            rating: deleted.rating,
            comment: deleted.comment,
          },
          after: null,
        });
      });
      ctx.catalogCache.invalidate([productId]);
      return { success: true as const, message: 'Review Deleted Successfully' };
    },
  );
}
