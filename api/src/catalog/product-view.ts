import { toRupees } from '@shop/shared-api/schemas';
import type { Product, ProductCategory, Review } from '@shop/shared-api/schemas';
import type { DbOrTx } from '../db/client.ts';
import type { ProductRow } from '../db/schema.ts';
import { absoluteUrl } from '../http/public-url.ts';
import { loadReviews } from '../reviews/review-repository.ts';

export function toProductView(row: ProductRow, productReviews: Review[], baseUrl: string): Product {
  return {
    _id: row.id,
    name: row.name,
    price: toRupees(row.pricePaise),
    description: row.description,
    images: row.images.map((image) => ({ url: absoluteUrl(baseUrl, image.url) })),
    stock: row.stock,
    // Stored rounded to two decimals (refreshProductRating), as the filter compares it.
    ratings: row.ratings,
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

/**
 * A product's fields as its audit entries show them: the form's fields in rupees, and its pictures by
 * where they are (a change of pictures shows as a different list).
 */
export const productAuditFields = (
  row: Pick<ProductRow, 'name' | 'pricePaise' | 'description' | 'category' | 'stock' | 'images'>,
) => ({
  name: row.name,
  price: toRupees(row.pricePaise),
  description: row.description,
  category: row.category,
  stock: row.stock,
  images: row.images.map((image) => image.key ?? image.url),
});
