import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { startTestApp, type TestApp } from './helpers/test-app.ts';
import { addProduct, pngDataUrl, registerAdmin, tinyPng, type SignedIn } from './helpers/shop.ts';
import { multipart } from './helpers/multipart.ts';
import { productDetailResponseSchema, productListResponseSchema } from '@shop/shared-api/schemas';

let t: TestApp;
let admin: SignedIn;
beforeAll(async () => {
  t = await startTestApp();
  admin = await registerAdmin(t.app);
  // A small catalog with known names, prices and ratings.
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
    await addProduct(t.app, { ...fixture, createdAt: new Date(Date.now() - (100 - index) * day) });
  }
  for (let i = 0; i < 10; i++) {
    await addProduct(t.app, {
      name: `Filler Phone ${i}`,
      category: 'SmartPhones',
      pricePaise: 10_000 + i,
      createdAt: new Date(Date.now() - (50 - i) * day),
    });
  }
});
afterAll(() => t.close());

const list = async (query = '') => {
  const response = await t.app.inject({ method: 'GET', url: `/api/v1/products${query}` });
  return { status: response.statusCode, body: response.json() };
};
const names = (body: { products: { name: string }[] }) => body.products.map((product) => product.name);

describe('GET /products', () => {
  it('answers the first page of 8 with the spec fields, newest first', async () => {
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

  it.each([
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

describe('admin products', () => {
  const form = (fields: Record<string, string | string[]>, files: Parameters<typeof multipart>[1] = []) =>
    multipart(fields, files);
  const productFields = {
    name: 'Uploaded Camera',
    price: '1499.5',
    description: 'Made in a test',
    category: 'Camera',
    stock: '7',
  };

  it('creates a product from form data with image files, stored under uploads and served with long cache headers', async () => {
    const body = form(productFields, [
      { field: 'images', filename: 'a.png', type: 'image/png', bytes: tinyPng() },
      { field: 'images', filename: 'b.png', type: 'image/png', bytes: tinyPng() },
    ]);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/product/new',
      headers: { ...admin.auth, ...body.headers },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(201);
    const { product } = response.json();
    expect(product).toMatchObject({
      name: 'Uploaded Camera',
      price: 1499.5,
      stock: 7,
      category: 'Camera',
      ratings: 0,
      numOfReviews: 0,
    });
    expect(product.images).toHaveLength(2);
    const url = new URL(product.images[0].url);
    expect(url.pathname).toMatch(/^\/uploads\/products\/[0-9a-f]{32}\.png$/);
    const image = await t.app.inject({ method: 'GET', url: url.pathname });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['cache-control']).toMatch(/max-age=31536000/);
    expect(image.headers['cache-control']).toMatch(/immutable/);
    expect(image.headers['x-content-type-options']).toBe('nosniff');

    // The new product shows in the (cached) storefront list at once.
    expect(names((await list('?keyword=Uploaded')).body)).toEqual(['Uploaded Camera']);
  });

  it('creates a product from JSON with image data URLs', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/product/new',
      headers: admin.auth,
      payload: { ...productFields, name: 'JSON Camera', price: 999, stock: 3, images: [pngDataUrl()] },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().product.images).toHaveLength(1);
  });

  it('refuses files that are not images by their content, whatever their name says', async () => {
    const fake = form(productFields, [
      {
        field: 'images',
        filename: 'photo.png',
        type: 'image/png',
        bytes: Buffer.from('<script>alert(1)</script>'),
      },
    ]);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/product/new',
      headers: { ...admin.auth, ...fake.headers },
      payload: fake.payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/PNG, JPEG, GIF or WebP/);
    const svg = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/product/new',
      headers: admin.auth,
      payload: {
        ...productFields,
        images: [`data:image/svg+xml;base64,${Buffer.from('<svg/>').toString('base64')}`],
      },
    });
    expect(svg.statusCode).toBe(400);
    expect(names((await list('?category=Camera')).body)).not.toContain('photo.png');
  });

  it('refuses more than 8 images and files over 5 MB', async () => {
    const many = form(
      productFields,
      Array.from({ length: 9 }, (_, i) => ({
        field: 'images',
        filename: `${i}.png`,
        type: 'image/png',
        bytes: tinyPng(),
      })),
    );
    const tooMany = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/product/new',
      headers: { ...admin.auth, ...many.headers },
      payload: many.payload,
    });
    expect(tooMany.statusCode).toBeGreaterThanOrEqual(400);
    expect(tooMany.statusCode).toBeLessThan(500);
    const bigBytes = Buffer.concat([tinyPng(), Buffer.alloc(5 * 1024 * 1024 + 10)]);
    const big = form(productFields, [
      { field: 'images', filename: 'big.png', type: 'image/png', bytes: bigBytes },
    ]);
    const tooBig = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/product/new',
      headers: { ...admin.auth, ...big.headers },
      payload: big.payload,
    });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().success).toBe(false);
  });

  it.each([
    [{ ...productFields, price: 'free' }, /Price/],
    [{ ...productFields, stock: '-1' }, /Stock/],
    [{ ...productFields, category: 'Toys' }, /category/],
    [{ ...productFields, name: '' }, /name/],
  ])('answers 400 for invalid fields %j', async (fields, message) => {
    const body = form(fields);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/product/new',
      headers: { ...admin.auth, ...body.headers },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(message);
  });

  it('updates a product; new images replace (and delete) the old ones, none keeps them', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/product/new',
      headers: admin.auth,
      payload: { ...productFields, name: 'To Update', images: [pngDataUrl()] },
    });
    const { product } = created.json();
    const oldFile = path.join(
      t.dataDir,
      new URL(product.images[0].url).pathname.replace('/uploads/', 'uploads/'),
    );
    expect(existsSync(oldFile)).toBe(true);

    const keep = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/product/${product._id}`,
      headers: admin.auth,
      payload: { ...productFields, name: 'Renamed', price: 10 },
    });
    expect(keep.statusCode).toBe(200);
    expect(keep.json()).toMatchObject({
      success: true,
      product: { name: 'Renamed', price: 10, images: product.images },
    });

    const replaced = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/product/${product._id}`,
      headers: admin.auth,
      payload: { ...productFields, images: [pngDataUrl(), pngDataUrl()] },
    });
    expect(replaced.json().product.images).toHaveLength(2);
    expect(existsSync(oldFile)).toBe(false);

    const missing = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/product/${'0'.repeat(24)}`,
      headers: admin.auth,
      payload: productFields,
    });
    expect(missing.statusCode).toBe(404);
  });

  it('deletes a product and its image files', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/product/new',
      headers: admin.auth,
      payload: { ...productFields, name: 'To Delete', images: [pngDataUrl()] },
    });
    const { product } = created.json();
    const file = path.join(
      t.dataDir,
      new URL(product.images[0].url).pathname.replace('/uploads/', 'uploads/'),
    );
    expect(existsSync(file)).toBe(true);
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/admin/product/${product._id}`,
      headers: admin.auth,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: 'Product Deleted Successfully' });
    expect(existsSync(file)).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/product/${product._id}` })).statusCode).toBe(
      404,
    );
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/v1/admin/product/${product._id}`,
          headers: admin.auth,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('lists every product for admins', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/products',
      headers: admin.auth,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().products.length).toBeGreaterThan(16);
  });
});
