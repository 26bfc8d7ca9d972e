import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Product, ProductCategory, Review } from '@shop/shared-api/schemas';
import { DEFAULT_AVATAR_URL } from '@shop/shared-api/schemas';
import type { DbOrTx } from '../db/client.ts';
import { products, reviews, users } from '../db/schema.ts';
import { absoluteUrl } from '../http/public-url.ts';
import { toRupees } from '../http/money.ts';

export type ProductRow = typeof products.$inferSelect;

/** Reviews of the given products with their authors' current name and avatar, oldest first. */
export async function loadReviews(db: DbOrTx, productIds: string[], baseUrl: string) {
  const byProduct = new Map<string, Review[]>();
  if (productIds.length === 0) return byProduct;
  const rows = await db
    .select({
      id: reviews.id,
      productId: reviews.productId,
      rating: reviews.rating,
      comment: reviews.comment,
      createdAt: reviews.createdAt,
      userId: users.id,
      userName: users.name,
      avatarUrl: users.avatarUrl,
    })
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.userId))
    .where(inArray(reviews.productId, productIds))
    .orderBy(asc(reviews.createdAt), asc(reviews.id));
  for (const row of rows) {
    const avatar = { url: row.avatarUrl ? absoluteUrl(baseUrl, row.avatarUrl) : DEFAULT_AVATAR_URL };
    const list = byProduct.get(row.productId) ?? [];
    list.push({
      _id: row.id,
      user: { _id: row.userId, name: row.userName, avatar },
      name: row.userName,
      rating: row.rating,
      comment: row.comment,
      createdAt: row.createdAt.toISOString(),
    });
    byProduct.set(row.productId, list);
  }
  return byProduct;
}

export function toProductView(row: ProductRow, productReviews: Review[], baseUrl: string): Product {
  return {
    _id: row.id,
    name: row.name,
    price: toRupees(row.pricePaise),
    description: row.description,
    images: row.images.map((image) => ({ url: absoluteUrl(baseUrl, image.url) })),
    stock: row.stock,
    ratings: Math.round(row.ratings * 100) / 100,
    numOfReviews: row.numOfReviews,
    category: row.category as ProductCategory,
    reviews: productReviews,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Products with their reviews, in the order given. */
export async function toProductViews(db: DbOrTx, rows: ProductRow[], baseUrl: string) {
  const reviewsByProduct = await loadReviews(
    db,
    rows.map((row) => row.id),
    baseUrl,
  );
  return rows.map((row) => toProductView(row, reviewsByProduct.get(row.id) ?? [], baseUrl));
}

/** `ratings` and `numOfReviews` recomputed from the reviews table, after every review change. */
export async function refreshProductRating(db: DbOrTx, productId: string) {
  await db
    .update(products)
    .set({
      ratings: sql`coalesce((select avg(${reviews.rating})::float8 from ${reviews} where ${reviews.productId} = ${productId}), 0)`,
      numOfReviews: sql`(select count(*)::int from ${reviews} where ${reviews.productId} = ${productId})`,
    })
    .where(eq(products.id, productId));
}
