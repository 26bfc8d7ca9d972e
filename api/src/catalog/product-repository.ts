import { and, eq, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  AdminProductsPageResponse,
  adminProductsQuerySchema,
  Product,
  productListQuerySchema,
  ProductSort,
} from '@shop/shared-api/schemas';
import { RESULT_PER_PAGE } from '@shop/shared-api/schemas';
import type { DbOrTx } from '../db/client.ts';
import { catalogCounts, products, type ProductRow, type StoredImage } from '../db/schema.ts';
import { idContaining, newId } from '../db/ids.ts';
import {
  inListOrder,
  likeContaining,
  newestFirst,
  newestFirstRows,
  pageFromNearerEnd,
  pageWithin,
} from '../db/paging.ts';
import { toReviewView } from '../reviews/review-repository.ts';
import { toProductView, toProductViews } from './product-view.ts';
import { rowsOf } from '../db/rows.ts';
import { executePrepared } from '../db/prepared.ts';
import { countProducts, countProductsAndPage, type ListCounts, type PageAfterCounts } from './list-counts.ts';
import {
  frontPageOf,
  frontPageWalkedOnce,
  frontWalkIsShort,
  listOrder,
  pageIds,
  pageShapeOf,
  readableFromWords,
  type PageShape,
} from './list-page.ts';
import { countedByWords, listStatementOf, type ListShape } from './list-shape.ts';
import { isBroadList, readInTurn } from './broad-reads.ts';
import { readCancellable } from '../db/cancellable-read.ts';

type ProductListQuery = z.output<typeof productListQuerySchema>;
type AdminProductsQuery = z.output<typeof adminProductsQuerySchema>;
type ProductFields = Pick<ProductRow, 'name' | 'pricePaise' | 'description' | 'category' | 'stock'>;

/** One product with its reviews as the storefront shows it (`GET /product/:id`); undefined when there is none. */
export async function loadProductView(db: DbOrTx, id: string, baseUrl: string): Promise<Product | undefined> {
  const row = await findProduct(db, id);
  return row ? (await toProductViews(db, [row], baseUrl))[0] : undefined;
}

export async function findProduct(db: DbOrTx, id: string): Promise<ProductRow | undefined> {
  const [row] = await db.select().from(products).where(eq(products.id, id));
  return row;
}

/** Every product, newest first (the admin's unpaged list), a batch at a time, as the wire shows them. */
export async function* allProductsInBatches(db: DbOrTx, baseUrl: string) {
  for await (const rows of newestFirstRows(db, products)) yield await toProductViews(db, rows, baseUrl);
}

export async function insertProduct(db: DbOrTx, fields: ProductFields & { images: StoredImage[] }) {
  const [row] = await db
    .insert(products)
    .values({ id: newId(), ...fields })
    .returning();
  return row!;
}

/** The updated product, or undefined when it is gone. Images are replaced only when given. */
export async function updateProduct(
  db: DbOrTx,
  id: string,
  fields: ProductFields & { images?: StoredImage[] },
) {
  const [row] = await db.update(products).set(fields).where(eq(products.id, id)).returning();
  return row;
}

/** Deletes the product and (by cascade) its reviews; answers the deleted row. */
export async function deleteProduct(db: DbOrTx, id: string): Promise<ProductRow | undefined> {
  const [row] = await db.delete(products).where(eq(products.id, id)).returning();
  return row;
}

interface PageProduct {
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
    updated_at: string;
    user_id: string;
    user_name: string;
    avatar_url: string | null;
  }[];
}

const iso = (timestamp: string) => new Date(timestamp).toISOString();

/**
 * The statement of one page of the list, of `shape`: its rows with their reviews, as JSON. `heldWords`:
 * the words a page read from them walks (`pageIds`).
 */
const pageStatement = (shape: PageShape, heldWords?: SQL) => sql`
      select coalesce(json_agg(page_row order by ${listOrder(shape.sort, 'page_row')}), '[]'::json) as products
      from (
        select p.id, p.name, p.price_paise, p.description, p.category, p.stock, p.images, p.ratings,
          p.num_of_reviews, p.created_at,
          coalesce((
            select json_agg(json_build_object(
              'id', reviews.id, 'rating', reviews.rating, 'comment', reviews.comment,
              'created_at', reviews.created_at, 'updated_at', reviews.updated_at,
              'user_id', users.id, 'user_name', users.name,
              'avatar_url', users.avatar_url
            ) order by reviews.created_at, reviews.id)
            from reviews join users on users.id = reviews.user_id
            where reviews.product_id = p.id
          ), '[]'::json) as reviews
        from (${pageIds(shape, heldWords)}) page_ids
        join products p on p.id = page_ids.id
      ) page_row`;

/**
 * A keyword's page read from the front of its words with one plan, in the counts' own statement when they
 * show it can be (`frontPageWalkedOnce`): most of the lists a shopper asks cost one statement, not two.
 */
function frontPageAfterCounts(
  listShape: ListShape,
  sort: ProductSort | undefined,
  offset: number,
): PageAfterCounts {
  const { shape, values } = frontPageOf(listShape, sort, offset, RESULT_PER_PAGE);
  return {
    shape,
    page: (counted) =>
      sql`case when ${frontPageWalkedOnce(counted)} then (${pageStatement(shape, counted.words)}) end`,
    walkIsShort: frontWalkIsShort,
    values,
  };
}

/**
 * One page of the storefront list: the counts (`countProducts`), then the page's rows with their reviews
 * in one round trip, the database building the JSON (which matters most on PGlite, where every query waits
 * its turn). The page's ids are found first, from the covering indexes, and only those 8 rows are read
 * with their reviews: nothing is joined for the rows a deep page skips. A page past the middle of the
 * matching set is read from the other end (the order reversed, then the page put back in order), so a
 * deep page never skips more than half of it; a page past the end costs no query at all. A keyword's page
 * near the front, walked from its words with one plan, is read in the counts' own statement
 * (`countProductsAndPage`): one round trip, not two, for most of the lists shoppers ask. A list whose
 * keyword no index narrows waits its turn among the broad reads (`readInTurn`).
 */
export function loadProductPage(db: DbOrTx, query: ProductListQuery, baseUrl: string) {
  const statement = listStatementOf(query);
  if (!isBroadList(statement.shape)) return readProductPage(db, query, baseUrl, statement);
  return readInTurn((leaving) =>
    readCancellable(db, leaving, (reader) => readProductPage(reader, query, baseUrl, statement)),
  );
}

async function readProductPage(
  db: DbOrTx,
  query: ProductListQuery,
  baseUrl: string,
  { shape, values }: ReturnType<typeof listStatementOf>,
) {
  const offset = ((query.page ?? 1) - 1) * RESULT_PER_PAGE;
  const counts: ListCounts & { products?: PageProduct[] } =
    countedByWords(shape) && readableFromWords(query.sort)
      ? await countProductsAndPage<PageProduct[]>(
          db,
          shape,
          values,
          frontPageAfterCounts(shape, query.sort, offset),
        )
      : await countProducts(db, shape, values);
  let pageProducts: PageProduct[] = counts.products ?? [];
  if (!counts.products && offset < counts.filtered) {
    const read = pageFromNearerEnd(counts.filtered, offset, RESULT_PER_PAGE);
    const page = pageShapeOf(shape, query.sort, counts, read);
    const result = await executePrepared(db, 'list-page', page.shape, () => pageStatement(page.shape), {
      ...values,
      ...page.values,
    });
    pageProducts = rowsOf<{ products: PageProduct[] }>(result)[0]!.products;
  }
  const row = { all_count: counts.all, filtered_count: counts.filtered, products: pageProducts };
  const list: Product[] = row.products.map((product) =>
    toProductView(
      {
        id: product.id,
        name: product.name,
        pricePaise: Number(product.price_paise),
        description: product.description,
        category: product.category,
        stock: product.stock,
        images: product.images,
        ratings: product.ratings,
        numOfReviews: product.num_of_reviews,
        createdAt: new Date(product.created_at),
      },
      product.reviews.map((review) =>
        toReviewView(
          {
            id: review.id,
            rating: review.rating,
            comment: review.comment,
            createdAt: iso(review.created_at),
            updatedAt: iso(review.updated_at),
            userId: review.user_id,
            userName: review.user_name,
            avatarUrl: review.avatar_url,
          },
          baseUrl,
        ),
      ),
      baseUrl,
    ),
  );
  return { products: list, productsCount: row.all_count, filteredProductsCount: row.filtered_count };
}

/**
 * One page of the admin product list (`?page=&limit=&q=`, q matching the name or id), newest first, with
 * the stat card figures over every product and the count matching q.
 */
export async function adminProductsPage(
  db: DbOrTx,
  query: AdminProductsQuery,
  baseUrl: string,
): Promise<AdminProductsPageResponse> {
  const where = and(
    query.q
      ? or(ilike(products.name, likeContaining(query.q)), idContaining(products.id, query.q))
      : undefined,
    query.stockBelow === undefined ? undefined : lt(products.stock, query.stockBelow),
  );
  // The stat cards from the counters migrations 0014 and 0020 keep (no count over every product).
  const [totals] = await db
    .select({ all: catalogCounts.products, outOfStock: catalogCounts.outOfStock })
    .from(catalogCounts)
    .where(eq(catalogCounts.category, ''));
  const { matching, page, limit, read } = await pageWithin(db, products, where, totals?.all ?? 0, query);
  const rows = await db
    .select()
    .from(products)
    .where(where)
    .orderBy(...newestFirst(products, read.fromEnd))
    .limit(read.limit)
    .offset(read.skip);
  return {
    success: true,
    products: await toProductViews(db, inListOrder(read, rows), baseUrl),
    productsCount: totals?.all ?? 0,
    outOfStockCount: totals?.outOfStock ?? 0,
    filteredProductsCount: matching,
    page,
    resultPerPage: limit,
  };
}
