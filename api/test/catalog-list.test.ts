import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp, type UsedTestApp } from './helpers/test-app.ts';
import { addProduct, listProducts, productNames as names, register } from './helpers/shop.ts';
import { productDetailResponseSchema, productListResponseSchema } from '@shop/shared-api/schemas';
import type { ShopApp } from '../src/app.ts';

// The list is answered from the in-memory catalog index while the catalog cache is on (the default), and
// by the database's query with it off: both must give the same answers, so the list cases run on both.
const t = useTestApp({ admin: true });
const sqlOnly = useTestApp({ config: { catalogCacheMs: 0 } });

/** A small catalog with known names, prices and ratings. */
async function addFixtures(app: ShopApp) {
  const day = 24 * 60 * 60 * 1000;
  const fixtures = [
    { name: 'Alpha Laptop', category: 'Laptop', pricePaise: 2_000_000, ratings: 4.5 },
    { name: 'Beta laptop sleeve', category: 'Laptop', pricePaise: 79_900, ratings: 3 },
    { name: 'Gamma Sneakers', category: 'Footwear', pricePaise: 249_900, ratings: 4 },
    { name: '100% Cotton Tee', category: 'Tops', pricePaise: 39_900, ratings: 0 },
    { name: 'Under_score Shorts', category: 'Bottom', pricePaise: 64_900, ratings: 2 },
    { name: 'Delta Camera', category: 'Camera', pricePaise: 3_000_000, ratings: 5 },
  ];
  for (const [index, fixture] of fixtures.entries()) {
    await addProduct(app, { ...fixture, createdAt: new Date(Date.now() - (100 - index) * day) });
  }
  for (let i = 0; i < 10; i++) {
    await addProduct(app, {
      name: `Filler Phone ${i}`,
      category: 'SmartPhones',
      pricePaise: 10_000 + i,
      createdAt: new Date(Date.now() - (50 - i) * day),
    });
  }
}
beforeAll(async () => {
  await addFixtures(t.app);
  await addFixtures(sqlOnly.app);
  // Without waiting, the lists right after these writes would be answered by the database query.
  expect(await t.app.shop.catalogIndex!.warm()).toBe(true);
});

const listCases = (answeredBy: string, used: UsedTestApp) =>
  describe(`GET /products (${answeredBy})`, () => {
    const list = (query = '') => listProducts(used.app, query);

    it('answers the first page of 8 with every product field, newest first', async () => {
      expect(used.app.shop.catalogIndex === null).toBe(answeredBy === 'database query');
      const { status, body } = await list();
      expect(status).toBe(200);
      expect(body).toMatchObject({
        success: true,
        productsCount: 16,
        resultPerPage: 8,
        filteredProductsCount: 16,
      });
      expect(body.products).toHaveLength(8);
      expect(body.products[0].name).toBe('Filler Phone 9');
      const product = body.products[0];
      expect(Object.keys(product).sort()).toEqual(
        [
          '_id',
          'category',
          'createdAt',
          'description',
          'images',
          'name',
          'numOfReviews',
          'price',
          'ratings',
          'reviews',
          'stock',
        ].sort(),
      );
      expect(product.price).toBe(100.09);
      // The browser parses answers with the shared schemas: what the server sends must pass them.
      expect(() => productListResponseSchema.parse(body)).not.toThrow();
      expect(product.images[0].url).toBe('http://localhost:80/uploads/products/test.png');
    });

    it('pages: page 2 has the rest, a page past the end is empty but still counts', async () => {
      const second = await list('?page=2');
      expect(second.body.products).toHaveLength(8);
      const third = await list('?page=3');
      expect(third.body).toMatchObject({ products: [], productsCount: 16, filteredProductsCount: 16 });
    });

    it('matches the keyword case-insensitively in names', async () => {
      const { body } = await list('?keyword=LAPTOP');
      expect(names(body).sort()).toEqual(['Alpha Laptop', 'Beta laptop sleeve']);
      expect(body).toMatchObject({ productsCount: 16, filteredProductsCount: 2 });
    });

    it('takes % and _ in the keyword literally', async () => {
      expect(names((await list('?keyword=100%25')).body)).toEqual(['100% Cotton Tee']);
      expect(names((await list('?keyword=%25')).body)).toEqual(['100% Cotton Tee']);
      expect(names((await list('?keyword=p_s')).body)).toEqual([]);
      expect(names((await list('?keyword=_')).body)).toEqual(['Under_score Shorts']);
    });

    it('filters by category, price range in rupees and minimum rating, with bracket queries', async () => {
      expect(names((await list('?category=Footwear')).body)).toEqual(['Gamma Sneakers']);
      const priced = await list('?price[gte]=500&price[lte]=25000');
      expect(names(priced.body).sort()).toEqual(
        ['Beta laptop sleeve', 'Gamma Sneakers', 'Alpha Laptop', 'Under_score Shorts'].sort(),
      );
      expect(priced.body.filteredProductsCount).toBe(4);
      const rated = await list('?ratings[gte]=4');
      expect(names(rated.body).sort()).toEqual(['Alpha Laptop', 'Delta Camera', 'Gamma Sneakers']);
      const all = await list('?keyword=&page=1&price[gte]=0&price[lte]=25000&ratings[gte]=0&category=');
      expect(all.body.filteredProductsCount).toBe(15);
      expect(all.body.productsCount).toBe(16);
    });

    it('sorts by price either way or best rated first, with the filters and pages of the spec', async () => {
      const pages = async (query: string) => [
        ...names((await list(`${query}&page=1`)).body),
        ...names((await list(`${query}&page=2`)).body),
      ];
      const fillers = Array.from({ length: 10 }, (_, i) => `Filler Phone ${i}`);
      const cheapest = [
        ...fillers,
        '100% Cotton Tee',
        'Under_score Shorts',
        'Beta laptop sleeve',
        'Gamma Sneakers',
        'Alpha Laptop',
        'Delta Camera',
      ];
      expect(await pages('?sort=price_asc')).toEqual(cheapest);
      // Page 2 of 2 is read from the other end by the database: the same order.
      expect(await pages('?sort=price_desc')).toEqual(cheapest.toReversed());
      const first = await list('?sort=price_desc');
      expect(first.body).toMatchObject({ productsCount: 16, resultPerPage: 8, filteredProductsCount: 16 });
      expect(first.body.products).toHaveLength(8);

      // Best rated first; the eleven unrated ones tie at 0, and the id breaks the tie (descending).
      const rated = [
        ...(await list('?sort=rating')).body.products,
        ...(await list('?sort=rating&page=2')).body.products,
      ];
      expect(rated.slice(0, 5).map((product) => product.name)).toEqual([
        'Delta Camera',
        'Alpha Laptop',
        'Gamma Sneakers',
        'Beta laptop sleeve',
        'Under_score Shorts',
      ]);
      const unrated = rated.slice(5).map((product) => product._id);
      expect(unrated).toHaveLength(11);
      expect(unrated).toEqual(unrated.toSorted().toReversed());

      // Newest is the spec's order, the one without sort.
      expect(names((await list('?sort=newest')).body)).toEqual(names((await list()).body));
      expect(names((await list('?sort=')).body)).toEqual(names((await list()).body));
      // The filters keep their meaning; the sort orders what they let through, page by page.
      expect(names((await list('?keyword=LAPTOP&sort=price_asc')).body)).toEqual([
        'Beta laptop sleeve',
        'Alpha Laptop',
      ]);
      expect(names((await list('?category=SmartPhones&sort=price_desc&page=2')).body)).toEqual([
        'Filler Phone 1',
        'Filler Phone 0',
      ]);
      const ratedCheap = await list('?price[lte]=1000&ratings[gte]=2&sort=price_desc');
      expect(names(ratedCheap.body)).toEqual(['Beta laptop sleeve', 'Under_score Shorts']);
      expect(ratedCheap.body.filteredProductsCount).toBe(2);
    });

    it.each([
      ['?sort=cheapest', /sort/],
      ['?sort=PRICE_ASC', /sort/],
      ['?sort=price_asc&sort=rating', /sort/],
      ['?page=0', /page/],
      ['?page=abc', /page/],
      ['?price[gte]=cheap', /price\[gte\]/],
      ['?ratings[gte]=9', /ratings\[gte\]/],
      ['?category=Toys', /category/],
      ['?keyword[a]=b', /keyword/],
      ['?keyword=a&keyword=b', /keyword/],
      ['?price=5', /price/],
    ])('answers 400 with a message for %s', async (query, message) => {
      const { status, body } = await list(query);
      expect(status).toBe(400);
      expect(body.success).toBe(false);
      expect(body.message).toMatch(message);
    });
  });

listCases('memory index', t);
listCases('database query', sqlOnly);

const list = (query = '') => listProducts(t.app, query);

describe('GET /product/:id', () => {
  it('answers the product with its reviews', async () => {
    const product = await addProduct(t.app, { name: 'Detail Product' });
    const response = await t.app.inject({ method: 'GET', url: `/api/v1/product/${product.id}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      product: { _id: product.id, name: 'Detail Product', reviews: [] },
    });
    expect(() => productDetailResponseSchema.parse(response.json())).not.toThrow();
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    const missing = await t.app.inject({ method: 'GET', url: `/api/v1/product/${'0'.repeat(24)}` });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ success: false, message: 'Product not found' });
    for (const id of ['123', 'ZZZZZZZZZZZZZZZZZZZZZZZZ', 'ABCDEF0123456789ABCDEF01', `${'a'.repeat(24)}x`]) {
      const response = await t.app.inject({ method: 'GET', url: `/api/v1/product/${id}` });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/id/);
    }
  });
});

describe('ratings shown and filtered', () => {
  it('the rating a product shows is the rating its filter compares (5, 5 and 4 stars: 4.67 both ways)', async () => {
    const product = await addProduct(t.app, { name: 'Two Thirds Star' });
    for (const rating of [5, 5, 4]) {
      const reviewer = await register(t.app);
      await t.request('PUT', '/review', {
        as: reviewer,
        payload: { rating, comment: 'Fine', productId: product.id },
      });
    }
    const shown = (await t.request('GET', `/product/${product.id}`)).json().product.ratings;
    expect(shown).toBe(4.67);
    expect(names((await list(`?keyword=Two%20Thirds&ratings[gte]=${shown}`)).body)).toEqual([
      'Two Thirds Star',
    ]);
    expect(names((await list('?keyword=Two%20Thirds&ratings[gte]=4.68')).body)).toEqual([]);
  });
});
