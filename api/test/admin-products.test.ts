import { describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { useTestApp } from './helpers/test-app.ts';
import { listProducts, pngDataUrl, productNames as names, tinyPng } from './helpers/shop.ts';
import { multipart } from './helpers/multipart.ts';

const t = useTestApp({ admin: true });
const list = (query = '') => listProducts(t.app, query);

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
      headers: { ...t.admin.auth, ...body.headers },
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
    expect(url.pathname).toMatch(/^\/uploads\/products\/[0-9a-f]{32}_4\.png$/);
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
    const response = await t.request('POST', '/admin/product/new', {
      as: t.admin,
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
      headers: { ...t.admin.auth, ...fake.headers },
      payload: fake.payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/PNG, JPEG, GIF or WebP/);
    const svg = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/product/new',
      headers: t.admin.auth,
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
      headers: { ...t.admin.auth, ...many.headers },
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
      headers: { ...t.admin.auth, ...big.headers },
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
      headers: { ...t.admin.auth, ...body.headers },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(message);
  });

  it('updates a product; new images replace (and delete) the old ones, none keeps them', async () => {
    const created = await t.request('POST', '/admin/product/new', {
      as: t.admin,
      payload: { ...productFields, name: 'To Update', images: [pngDataUrl()] },
    });
    const { product } = created.json();
    const oldFile = path.join(
      t.dataDir,
      new URL(product.images[0].url).pathname.replace('/uploads/', 'uploads/'),
    );
    expect(existsSync(oldFile)).toBe(true);

    const keep = await t.request('PUT', `/admin/product/${product._id}`, {
      as: t.admin,
      payload: { ...productFields, name: 'Renamed', price: 10 },
    });
    expect(keep.statusCode).toBe(200);
    expect(keep.json()).toMatchObject({
      success: true,
      product: { name: 'Renamed', price: 10, images: product.images },
    });

    const replaced = await t.request('PUT', `/admin/product/${product._id}`, {
      as: t.admin,
      payload: { ...productFields, images: [pngDataUrl(), pngDataUrl()] },
    });
    expect(replaced.json().product.images).toHaveLength(2);
    expect(existsSync(oldFile)).toBe(false);

    const missing = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/product/${'0'.repeat(24)}`,
      headers: t.admin.auth,
      payload: productFields,
    });
    expect(missing.statusCode).toBe(404);
  });

  it('deletes a product and its image files', async () => {
    const created = await t.request('POST', '/admin/product/new', {
      as: t.admin,
      payload: { ...productFields, name: 'To Delete', images: [pngDataUrl()] },
    });
    const { product } = created.json();
    const file = path.join(
      t.dataDir,
      new URL(product.images[0].url).pathname.replace('/uploads/', 'uploads/'),
    );
    expect(existsSync(file)).toBe(true);
    const response = await t.request('DELETE', `/admin/product/${product._id}`, { as: t.admin });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: 'Product Deleted Successfully' });
    expect(existsSync(file)).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/product/${product._id}` })).statusCode).toBe(
      404,
    );
    expect((await t.request('DELETE', `/admin/product/${product._id}`, { as: t.admin })).statusCode).toBe(
      404,
    );
  });

  it('lists every product for admins', async () => {
    const response = await t.request('GET', '/admin/products', { as: t.admin });
    expect(response.statusCode).toBe(200);
    const { productsCount } = (await list()).body;
    expect(productsCount).toBeGreaterThan(0);
    expect(response.json().products).toHaveLength(productsCount);
  });
});
