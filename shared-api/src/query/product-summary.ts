import type { Product, ProductListResponse } from '../schemas/index.ts';

/**
 * What a product grid draws of a product: its first picture, name, stars, review count, price and stock.
 * The product list's answer carries whole products (the spec's contract: description, every picture, the
 * reviews with their authors); the client keeps only this of them, so a server-rendered catalog's data
 * block is the cards and not their reviews: 1.2 KB less brotli on `/products`, which brings a repeat
 * visit's document inside TCP's first flight (docs/performance.md). The product page asks for the whole
 * product itself.
 */
export type ProductSummary = Pick<
  Product,
  '_id' | 'name' | 'price' | 'images' | 'stock' | 'ratings' | 'numOfReviews'
>;

/** The product list's answer as the client keeps it: the counts, and each product as its card. */
export type ProductSummaryList = Omit<ProductListResponse, 'products'> & { products: ProductSummary[] };

export function summarizeProductList({ products, ...counts }: ProductListResponse): ProductSummaryList {
  return {
    ...counts,
    products: products.map(({ _id, name, price, images, stock, ratings, numOfReviews }) => ({
      _id,
      name,
      price,
      images: images.slice(0, 1),
      stock,
      ratings,
      numOfReviews,
    })),
  };
}
