import { aProduct, aProductList, aReview } from '@shop/shared-api/testing';
import { describe, expect, it } from 'vitest';
import { filtersFromAddress } from '../features/catalog/catalog-address.ts';
import { catalogHead, productHead, productNotFoundHead, summary } from './page-head.ts';

// What a server-rendered page says about itself to search engines and link previews (page-server/).
const shop = 'https://shop.example';
const filtersOf = (keyword: string | undefined, query: string) =>
  filtersFromAddress(keyword, new URLSearchParams(query));

describe('a product page’s head', () => {
  const product = aProduct(3, {
    name: 'Instant Film Camera',
    price: 5499,
    description: 'Prints a credit-card photo in ninety seconds.',
    images: [
      { url: 'https://api.shop.example/uploads/a.png' },
      { url: 'https://api.shop.example/uploads/b.png' },
    ],
    category: 'Camera',
    stock: 4,
    ratings: 4.333,
    numOfReviews: 3,
    reviews: [aReview(1)],
  });

  it('names the product, its picture and its one address', () => {
    const head = productHead(shop, product);
    expect(head.title).toBe('Instant Film Camera | Shop');
    expect(head.description).toBe('Prints a credit-card photo in ninety seconds.');
    expect(head.canonical).toBe(`${shop}/product/${product._id}`);
    expect(head.type).toBe('product');
    expect(head.picture).toEqual({
      url: 'https://api.shop.example/uploads/a.png',
      alt: 'Instant Film Camera',
    });
    expect(head.noindex).toBeUndefined();
  });

  it('offers it in rupees, in stock or not, rated only when it has reviews', () => {
    const [offered] = productHead(shop, product).structuredData as Record<string, unknown>[];
    expect(offered).toMatchObject({
      '@type': 'Product',
      name: 'Instant Film Camera',
      sku: product._id,
      image: ['https://api.shop.example/uploads/a.png', 'https://api.shop.example/uploads/b.png'],
      offers: {
        '@type': 'Offer',
        priceCurrency: 'INR',
        price: '5499.00',
        availability: 'https://schema.org/InStock',
      },
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.3, reviewCount: 3 },
    });
    const [soldOut] = productHead(shop, { ...product, stock: 0, numOfReviews: 0, ratings: 0, reviews: [] })
      .structuredData as Record<string, unknown>[];
    expect(soldOut).toMatchObject({ offers: { availability: 'https://schema.org/OutOfStock' } });
    expect(soldOut).not.toHaveProperty('aggregateRating');
  });

  it('places it in a breadcrumb trail of absolute addresses', () => {
    const [, trail] = productHead(shop, product).structuredData as { itemListElement: unknown[] }[];
    expect(trail!.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: `${shop}/` },
      { '@type': 'ListItem', position: 2, name: 'Products', item: `${shop}/products` },
      { '@type': 'ListItem', position: 3, name: 'Camera', item: `${shop}/products?category=Camera` },
      {
        '@type': 'ListItem',
        position: 4,
        name: 'Instant Film Camera',
        item: `${shop}/product/${product._id}`,
      },
    ]);
  });

  it('keeps a missing product out of search results', () => {
    expect(productNotFoundHead(shop, '/product/000000000000000000000000')).toMatchObject({
      title: 'Product not found | Shop',
      noindex: true,
    });
  });
});

describe('a catalog page’s head', () => {
  const list = aProductList(
    Array.from({ length: 8 }, (_, index) => aProduct(index + 1)),
    { filteredProductsCount: 20 },
  );

  it('has one canonical address per list: filters in a stable order, defaults and page 1 left out', () => {
    const shuffled = catalogHead(
      shop,
      filtersOf(undefined, 'page=2&ratings=4&category=Laptop&price=100-9000'),
      list,
    );
    expect(shuffled.canonical).toBe(`${shop}/products?category=Laptop&price=100-9000&ratings=4&page=2`);
    const plain = catalogHead(shop, filtersOf(undefined, 'page=1&price=0-25000&category=All'), list);
    expect(plain.canonical).toBe(`${shop}/products`);
    expect(catalogHead(shop, filtersOf('red shoes', ''), list).canonical).toBe(
      `${shop}/products/red%20shoes`,
    );
    // A sorted list is a list of its own; the spec's order (newest) is the default, left out.
    expect(catalogHead(shop, filtersOf(undefined, 'page=2&sort=price_asc'), list).canonical).toBe(
      `${shop}/products?sort=price_asc&page=2`,
    );
    expect(catalogHead(shop, filtersOf(undefined, 'sort=newest'), list).canonical).toBe(`${shop}/products`);
  });

  it('says the order of a sorted list, and its breadcrumb names the list in the spec’s order', () => {
    const head = catalogHead(shop, filtersOf(undefined, 'category=Laptop&sort=price_desc&page=2'), list);
    expect(head.description).toMatch(/^20 products in Laptop, price: high to low, page 2 of 3: Product 1/);
    const [trail] = head.structuredData as { itemListElement: { item: string }[] }[];
    expect(trail!.itemListElement.at(-1)!.item).toBe(`${shop}/products?category=Laptop`);
  });

  it('says what the list holds, and which page of how many', () => {
    const head = catalogHead(shop, filtersOf(undefined, 'category=Laptop&page=2'), list);
    expect(head.title).toBe('Products | Shop');
    expect(head.description).toMatch(/^20 products in Laptop, page 2 of 3: Product 1, Product 2/);
    expect(catalogHead(shop, filtersOf('phone', ''), list).title).toBe('Products matching “phone” | Shop');
  });

  it('keeps a list that matched nothing out of search results', () => {
    const none = aProductList([], { filteredProductsCount: 0 });
    expect(catalogHead(shop, filtersOf('zzz', ''), none).noindex).toBe(true);
    expect(catalogHead(shop, filtersOf(undefined, ''), list).noindex).toBeUndefined();
  });
});

describe('summary', () => {
  it('keeps short text whole, on one line', () => {
    expect(summary('  A  camera\nthat prints.  ')).toBe('A camera that prints.');
  });

  it('cuts long text at a word, within the length, with an ellipsis', () => {
    const cut = summary('word '.repeat(60), 40);
    expect(cut.length).toBeLessThanOrEqual(40);
    expect(cut).toMatch(/word…$/);
  });
});
