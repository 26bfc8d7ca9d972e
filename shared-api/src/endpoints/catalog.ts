import { PRICE_MAX, PRICE_MIN, type ProductSort } from '../schemas/constants.ts';
import type {
  productDetailResponseSchema,
  productListResponseSchema,
  productSuggestResponseSchema,
  reviewsResponseSchema,
  successMessageSchema,
  successSchema,
  Product,
  ProductCategory,
  ProductListResponse,
  ProductSuggestion,
  Review,
  ReviewInput,
} from '../schemas/index.ts';
import { call, type Answer } from '../client/call.ts';
import { FALLBACK_MESSAGES } from '../errors.ts';

export interface ProductSearch {
  keyword?: string;
  page?: number;
  /** [min, max] in rupees; SPEC default 0 to 25000. */
  price?: [number, number];
  /** Minimum average rating; 0 means any. */
  ratings?: number;
  /** Omitted (or 'All') for every category. */
  category?: ProductCategory | 'All';
  /** The list's order (issue 28); omitted or 'newest' is the spec's, newest first. */
  sort?: ProductSort;
}

/**
 * The default product query of the spec: every product, first page, the whole price range, any rating, in
 * the spec's order.
 */
export const DEFAULT_PRODUCT_SEARCH: Required<ProductSearch> = {
  keyword: '',
  page: 1,
  price: [PRICE_MIN, PRICE_MAX],
  ratings: 0,
  category: 'All',
  sort: 'newest',
};

/** Every field filled in, so equal searches share one cache entry however they were written. */
export function normalizeProductSearch(search: ProductSearch = {}): Required<ProductSearch> {
  return { ...DEFAULT_PRODUCT_SEARCH, ...search, keyword: (search.keyword ?? '').trim() };
}

/**
 * The query string of docs/product.md, the calls, bracket keys included: keyword, page, price[gte], price[lte],
 * ratings[gte]; category and sort only when asked (the spec's call is unchanged without them).
 */
export function productSearchParams(search: ProductSearch = {}): URLSearchParams {
  const [gte, lte] = search.price ?? [PRICE_MIN, PRICE_MAX];
  const params = new URLSearchParams({
    keyword: search.keyword ?? '',
    page: String(search.page ?? 1),
    'price[gte]': String(gte),
    'price[lte]': String(lte),
    'ratings[gte]': String(search.ratings ?? 0),
  });
  if (search.category && search.category !== 'All') params.set('category', search.category);
  if (search.sort && search.sort !== 'newest') params.set('sort', search.sort);
  return params;
}

/** GET /products */
export function getProducts(search: ProductSearch = {}): Promise<ProductListResponse> {
  return call<Answer<typeof productListResponseSchema>>(FALLBACK_MESSAGES.getProducts, (api) =>
    api.get('products', { searchParams: productSearchParams(search) }).json(),
  );
}

/**
 * GET /products/suggest?q= : the search box's suggestions for the text typed so far. `signal` lets the
 * query cache abort a request that newer text has made useless.
 */
export async function getProductSuggestions(
  text: string,
  signal?: AbortSignal,
): Promise<ProductSuggestion[]> {
  const { products } = await call<Answer<typeof productSuggestResponseSchema>>(
    FALLBACK_MESSAGES.getProducts,
    (api) => api.get('products/suggest', { searchParams: { q: text }, ...(signal ? { signal } : {}) }).json(),
  );
  return products;
}

/** GET /product/{id} */
export async function getProduct(id: string): Promise<Product> {
  const { product } = await call<Answer<typeof productDetailResponseSchema>>(
    FALLBACK_MESSAGES.getProductDetails,
    (api) => api.get(`product/${encodeURIComponent(id)}`).json(),
  );
  return product;
}

/** PUT /review as form data (rating, comment, productId); signed in. */
export async function submitReview(review: ReviewInput): Promise<void> {
  const form = new FormData();
  form.set('rating', String(review.rating));
  form.set('comment', review.comment);
  form.set('productId', review.productId);
  await call<Answer<typeof successSchema> & Record<string, unknown>>(FALLBACK_MESSAGES.submitReview, (api) =>
    api.put('review', { body: form }).json(),
  );
}

/** GET /admin/reviews?id={productId} */
export async function getProductReviews(productId: string): Promise<Review[]> {
  const { reviews } = await call<Answer<typeof reviewsResponseSchema>>(FALLBACK_MESSAGES.getReviews, (api) =>
    api.get('admin/reviews', { searchParams: { id: productId } }).json(),
  );
  return reviews;
}

/** DELETE /admin/reviews?id={reviewId}&productId={productId} */
export function deleteReview(reviewId: string, productId: string) {
  return call<Answer<typeof successMessageSchema>>(FALLBACK_MESSAGES.deleteReview, (api) =>
    api.delete('admin/reviews', { searchParams: { id: reviewId, productId } }).json(),
  );
}
