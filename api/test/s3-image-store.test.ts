import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createS3ImageStore, type S3ImageStore } from '../src/storage/s3-image-store.ts';
import { registerAdmin, pngDataUrl, tinyPng } from './helpers/shop.ts';
import { startTestApp, type TestApp } from './helpers/test-app.ts';
import { FAKE_S3_CREDENTIALS, startFakeS3 } from './helpers/fake-s3.ts';

// Uploaded images in an S3-compatible bucket (s3rver in this process), so every api instance serves
// every upload; the browser still loads them from the api's /uploads/ urls.
let s3: Awaited<ReturnType<typeof startFakeS3>>;
let store: S3ImageStore;
const savedEnv = { ...process.env };

beforeAll(async () => {
  Object.assign(process.env, FAKE_S3_CREDENTIALS);
  s3 = await startFakeS3();
  store = createS3ImageStore(s3.settings);
});
afterAll(async () => {
  store?.close();
  await s3?.close();
  for (const name of Object.keys(FAKE_S3_CREDENTIALS)) if (!(name in savedEnv)) delete process.env[name];
});

const bytesOf = async (body: NodeJS.ReadableStream) => {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
};

describe('S3ImageStore', () => {
  it('keeps an image under a random key, reads it back with its type, and removes it', async () => {
    const png = tinyPng();
    const saved = await store.save(png, 'products');
    expect(saved.key).toMatch(/^products\/[0-9a-f]{32}_4\.png$/);
    expect(saved.url).toBe(`/uploads/${saved.key}`);
    const read = await store.read(saved.key);
    expect(read?.contentType).toBe('image/png');
    expect(await bytesOf(read!.body)).toEqual(png);

    await store.remove(saved.key);
    expect(await store.read(saved.key)).toBeNull();
    // Removing twice is fine, as on disk: an edit that replaces images may race a delete.
    await expect(store.remove(saved.key)).resolves.toBeUndefined();
  });

  it('refuses what is not an image before it reaches the bucket', async () => {
    await expect(store.save(Buffer.from('<svg onload="x()"/>'), 'avatars')).rejects.toMatchObject({
      statusCode: 400,
      message: 'Only PNG, JPEG, GIF or WebP images are allowed',
    });
  });
});

describe('an api whose S3_BUCKET is set', () => {
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    first = await startTestApp({ config: { s3: s3.settings } });
    second = await startTestApp({ config: { s3: s3.settings } });
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
  });

  it('stores an admin upload in the bucket, not under DATA_DIR, and any instance serves it at /uploads/', async () => {
    const admin = await registerAdmin(first.app);
    const created = await first.app.inject({
      method: 'POST',
      url: '/api/v1/admin/product/new',
      headers: admin.auth,
      payload: {
        name: 'Bucket Camera',
        price: 999,
        description: 'Its picture lives in S3',
        category: 'Camera',
        stock: 3,
        images: [pngDataUrl()],
      },
    });
    expect(created.statusCode).toBe(201);
    const url = new URL(created.json().product.images[0].url);
    expect(url.pathname).toMatch(/^\/uploads\/products\/[0-9a-f]{32}_4\.png$/);
    expect(existsSync(path.join(first.dataDir, 'uploads'))).toBe(false);

    // Another app with its own (empty) DATA_DIR: only the bucket can answer.
    const served = await second.app.inject({ method: 'GET', url: url.pathname });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(served.rawPayload).toEqual(tinyPng());
  });

  it('answers 404 for a key the bucket does not have or the stores never make', async () => {
    for (const url of [
      '/uploads/products/00000000000000000000000000000000.png',
      '/uploads/../secrets.png',
      '/uploads/products/x.svg',
    ]) {
      const response = await second.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
    }
  });
});
