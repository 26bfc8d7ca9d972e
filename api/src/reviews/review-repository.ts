import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Review } from '@shop/shared-api/schemas';
import { DEFAULT_AVATAR_URL } from '@shop/shared-api/schemas';
import type { DbOrTx } from '../db/client.ts';
import { products, reviews, users } from '../db/schema.ts';
import { idIn, newId } from '../db/ids.ts';
import { absoluteUrl } from '../http/public-url.ts';

/** Reviews joined to their authors' current name and avatar: the product page's and the catalog index's read. */
export function selectReviewsWithAuthors(db: DbOrTx) {
  return db
    .select({
      id: reviews.id,
      productId: reviews.productId,
      rating: reviews.rating,
      comment: reviews.comment,
      createdAt: reviews.createdAt,
      updatedAt: reviews.updatedAt,
      userId: users.id,
      userName: users.name,
      avatarUrl: users.avatarUrl,
    })
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.userId))
    .$dynamic();
}

/** Reviews of the given products with their authors' current name and avatar, oldest first. */
export async function loadReviews(db: DbOrTx, productIds: string[], baseUrl: string) {
  const byProduct = new Map<string, Review[]>();
  if (productIds.length === 0) return byProduct;
  const rows = await selectReviewsWithAuthors(db)
    .where(idIn(reviews.productId, productIds))
    .orderBy(asc(reviews.createdAt), asc(reviews.id));
  for (const row of rows) {
    const list = byProduct.get(row.productId) ?? [];
    list.push(
      toReviewView(
        { ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() },
        baseUrl,
      ),
    );
    byProduct.set(row.productId, list);
  }
  return byProduct;
}

/** A review as the wire shows it, with its author's current name and avatar. */
export function toReviewView(
  row: {
    id: string;
    rating: number;
    comment: string;
    createdAt: string;
    updatedAt: string;
    userId: string;
    userName: string;
    avatarUrl: string | null;
  },
  baseUrl: string,
): Review {
  const avatar = { url: row.avatarUrl ? absoluteUrl(baseUrl, row.avatarUrl) : DEFAULT_AVATAR_URL };
  return {
    _id: row.id,
    user: { _id: row.userId, name: row.userName, avatar },
    name: row.userName,
    rating: row.rating,
    comment: row.comment,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** Whether the product exists. */
export async function productExists(db: DbOrTx, productId: string) {
  const [row] = await db.select({ id: products.id }).from(products).where(eq(products.id, productId));
  return row !== undefined;
}

// Every review change locks, in this order, the reviewer's row and then the product rows (in id order),
// before it writes: changes to one product's reviews take turns, each one's rating is computed from
// every committed review, and no two changes wait on each other in a circle.

/**
 * Locks the author's row against deletion for the rest of the transaction (a user deletion takes it
 * first). False when the user is gone.
 */
export async function lockReviewer(tx: DbOrTx, userId: string) {
  const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('key share');
  return row !== undefined;
}

/**
 * Locks product rows for the rest of the transaction, in id order, so each recomputes its rating from
 * every committed review. Answers how many exist.
 */
export async function lockProducts(tx: DbOrTx, productIds: string[]) {
  if (productIds.length === 0) return 0;
  const rows = await tx
    .select({ id: products.id })
    .from(products)
    .where(inArray(products.id, productIds))
    .orderBy(asc(products.id))
    .for('update');
  return rows.length;
}

/** Locks one product row; false when there is no such product. */
export const lockProduct = async (tx: DbOrTx, productId: string) =>
  (await lockProducts(tx, [productId])) === 1;

/** Locks a user being deleted and every product they reviewed, before their reviews go. */
export async function lockUserAndReviewedProducts(tx: DbOrTx, userId: string) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  const reviewed = await productsReviewedBy(tx, userId);
  await lockProducts(tx, reviewed);
  return reviewed;
}

/** One review per user per product: a second submission updates the first. */
export async function upsertReview(
  tx: DbOrTx,
  review: { productId: string; userId: string; rating: number; comment: string },
) {
  await tx
    .insert(reviews)
    .values({ id: newId(), ...review })
    .onConflictDoUpdate({
      target: [reviews.productId, reviews.userId],
      set: { rating: review.rating, comment: review.comment, updatedAt: new Date() },
    });
}

/** Deletes a review of a product; false when there was none. */
/** Deletes the review of that product; answers the deleted row (undefined when there was none). */
export async function deleteReview(tx: DbOrTx, id: string, productId: string) {
  const [deleted] = await tx
    .delete(reviews)
    .where(and(eq(reviews.id, id), eq(reviews.productId, productId)))
    .returning();
  return deleted;
}

/** The products a user has reviewed, in id order. */
export async function productsReviewedBy(tx: DbOrTx, userId: string) {
  const rows = await tx
    .select({ productId: reviews.productId })
    .from(reviews)
    .where(eq(reviews.userId, userId))
    .orderBy(asc(reviews.productId));
  return rows.map((row) => row.productId);
}

/**
 * `ratings` and `numOfReviews` recomputed from the reviews table, after every review change. The average
 * is stored rounded to two decimals: the figure a product shows is the figure `ratings[gte]` compares.
 */
export async function refreshProductRating(db: DbOrTx, productId: string) {
  await db
    .update(products)
    .set({
      ratings: sql`coalesce((select round(avg(${reviews.rating}), 2)::float8 from ${reviews} where ${reviews.productId} = ${productId}), 0)`,
      numOfReviews: sql`(select count(*)::int from ${reviews} where ${reviews.productId} = ${productId})`,
    })
    .where(eq(products.id, productId));
}
