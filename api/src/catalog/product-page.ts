import { sql, type SQL } from 'drizzle-orm';
import type { Product, ProductCategory } from '@shop/shared-api/schemas';
import { DEFAULT_AVATAR_URL, RESULT_PER_PAGE } from '@shop/shared-api/schemas';
import type { DbOrTx } from '../db/client.ts';
import type { StoredImage } from '../db/schema.ts';
import { absoluteUrl } from '../http/public-url.ts';
import { toRupees } from '../http/money.ts';

interface PageRow {
  all_count: number;
  filtered_count: number;
  products: {
    id: string;
    name: string;
    price_paise: number;
    description: string;
    category: string;
    stock: number;
    images: StoredImage[];
    ratings: number;
    num_of_reviews: number;
    created_at: string;
    reviews: {
      id: string;
      rating: number;
      comment: string;
      created_at: string;
      user_id: string;
      user_name: string;
      avatar_url: string | null;
    }[];
  }[];
}

const iso = (timestamp: string) => new Date(timestamp).toISOString();

/**
 * One page of the storefront list with both counts and every review, in a single round trip: the
 * database builds the JSON, which matters most on PGlite where every query waits its turn.
 */
export async function loadProductPage(db: DbOrTx, where: SQL | undefined, page: number, baseUrl: string) {
  const filter = where ?? sql`true`;
  const result = await db.execute(sql`
    select
      (select count(*)::int from products) as all_count,
      (select count(*)::int from products where ${filter}) as filtered_count,
      coalesce((
        select json_agg(page_row order by page_row.created_at desc, page_row.id desc)
        from (
          select products.id, products.name, products.price_paise, products.description, products.category,
            products.stock, products.images, products.ratings, products.num_of_reviews, products.created_at,
            coalesce((
              select json_agg(json_build_object(
                'id', reviews.id, 'rating', reviews.rating, 'comment', reviews.comment,
                'created_at', reviews.created_at, 'user_id', users.id, 'user_name', users.name,
                'avatar_url', users.avatar_url
              ) order by reviews.created_at, reviews.id)
              from reviews join users on users.id = reviews.user_id
              where reviews.product_id = products.id
            ), '[]'::json) as reviews
          from products
          where ${filter}
          order by products.created_at desc, products.id desc
          limit ${RESULT_PER_PAGE} offset ${(page - 1) * RESULT_PER_PAGE}
        ) page_row
      ), '[]'::json) as products
  `);
  // postgres.js answers an array of rows, PGlite an object with `rows`.
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as PageRow[];
  const row = rows[0]!;
  const products: Product[] = row.products.map((product) => ({
    _id: product.id,
    name: product.name,
    price: toRupees(Number(product.price_paise)),
    description: product.description,
    images: product.images.map((image) => ({ url: absoluteUrl(baseUrl, image.url) })),
    stock: product.stock,
    ratings: Math.round(product.ratings * 100) / 100,
    numOfReviews: product.num_of_reviews,
    category: product.category as ProductCategory,
    reviews: product.reviews.map((review) => ({
      _id: review.id,
      user: {
        _id: review.user_id,
        name: review.user_name,
        avatar: { url: review.avatar_url ? absoluteUrl(baseUrl, review.avatar_url) : DEFAULT_AVATAR_URL },
      },
      name: review.user_name,
      rating: review.rating,
      comment: review.comment,
      createdAt: iso(review.created_at),
    })),
    createdAt: iso(product.created_at),
  }));
  return { products, productsCount: row.all_count, filteredProductsCount: row.filtered_count };
}
