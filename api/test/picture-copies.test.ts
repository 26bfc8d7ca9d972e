import { readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pictureCopiesOf, pictureSrcSet } from '@shop/shared-contract/pictures';
import { copyWidths, MAX_PICTURE_PIXELS } from '../src/storage/picture-copies.ts';
import { createS3ImageStore, type S3ImageStore } from '../src/storage/s3-image-store.ts';
import { FAKE_S3_CREDENTIALS, startFakeS3 } from './helpers/fake-s3.ts';
import { useTestApp } from './helpers/test-app.ts';

// Issue 28: an uploaded product picture is kept as it came, with resized AVIF and WebP copies the browser
// picks from by width (names in @shop/shared-contract/pictures), in the folder store and the bucket alike.

/** A photo-like picture (noise does not compress), 1200×800, as a phone's camera would upload it. */
const photo = () =>
  sharp({
    create: {
      width: 1200,
      height: 800,
      channels: 3,
      background: { r: 128, g: 128, b: 128 },
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .jpeg({ quality: 90 })
    .toBuffer();

const dataUrl = (bytes: Buffer, type = 'image/jpeg') => `data:${type};base64,${bytes.toString('base64')}`;

const productFields = {
  name: 'Photo Camera',
  price: 1999,
  description: 'A camera with a real photo',
  category: 'Camera',
  stock: 4,
};

describe('copyWidths', () => {
  it('takes the widths below the original, and the original own width when it is under the widest', () => {
    expect(copyWidths(1200)).toEqual([160, 320, 640, 960]);
    expect(copyWidths(960)).toEqual([160, 320, 640, 960]);
    expect(copyWidths(480)).toEqual([160, 320, 480]);
    expect(copyWidths(100)).toEqual([100]);
  });
});

describe('a product picture uploaded to the folder store', () => {
  const t = useTestApp({ admin: true });

  it('keeps the original and makes WebP and AVIF copies, smaller, at the widths its name says', async () => {
    const original = await photo();
    const response = await t.request('POST', '/admin/product/new', {
      as: t.admin,
      payload: { ...productFields, images: [dataUrl(original)] },
    });
    expect(response.statusCode).toBe(201);
    const url = new URL(response.json().product.images[0].url);
    expect(url.pathname).toMatch(/^\/uploads\/products\/[0-9a-f]{32}_160_320_640_960\.jpg$/);

    const served = await t.app.inject({ method: 'GET', url: url.pathname });
    expect(served.rawPayload).toEqual(original);

    const copies = pictureCopiesOf(url.pathname)!;
    expect(copies.widths).toEqual([160, 320, 640, 960]);
    for (const format of ['avif', 'webp'] as const) {
      const srcset = pictureSrcSet(url.pathname, format)!;
      for (const candidate of srcset.split(', ')) {
        const [copyUrl, descriptor] = candidate.split(' ') as [string, string];
        const copy = await t.app.inject({ method: 'GET', url: copyUrl });
        expect(copy.statusCode, copyUrl).toBe(200);
        expect(copy.headers['content-type'], copyUrl).toBe(`image/${format}`);
        expect(copy.headers['cache-control'], copyUrl).toMatch(/immutable/);
        expect(copy.rawPayload.length, copyUrl).toBeLessThan(original.length);
        const decoded = await sharp(copy.rawPayload).metadata();
        expect(decoded.format, copyUrl).toBe(format === 'avif' ? 'heif' : 'webp');
        expect(`${decoded.width}w`, copyUrl).toBe(descriptor);
        // The aspect ratio is kept: 3:2.
        expect(decoded.height, copyUrl).toBe(Math.round((decoded.width * 800) / 1200));
      }
    }
    // Nine files: the original and eight copies; deleting the product deletes them all.
    const folder = path.join(t.dataDir, 'uploads', 'products');
    const stem = path.basename(copies.stem);
    expect(readdirSync(folder).filter((name) => name.startsWith(stem))).toHaveLength(9);
    const id = response.json().product._id;
    expect((await t.request('DELETE', `/admin/product/${id}`, { as: t.admin })).statusCode).toBe(200);
    expect(readdirSync(folder).filter((name) => name.startsWith(stem))).toHaveLength(0);
  });

  it('refuses, with a 400 that says why, a file that is not a picture, is damaged, or has too many pixels', async () => {
    const before = readdirSync(path.join(t.dataDir, 'uploads', 'products')).length;
    const valid = await photo();
    const huge = await sharp({
      create: { width: 6000, height: 5000, channels: 3, background: { r: 10, g: 20, b: 30 } },
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const cases: [string, string, RegExp][] = [
      ['not a picture', dataUrl(Buffer.from('GIF89a but really text')), /picture that can be read/],
      ['damaged', dataUrl(valid.subarray(0, 2000)), /damaged/],
      ['30 megapixels', dataUrl(huge, 'image/png'), /at most 25 megapixels \(this one is 6000×5000\)/],
    ];
    expect(huge.length).toBeLessThan(5 * 1024 * 1024);
    expect(6000 * 5000).toBeGreaterThan(MAX_PICTURE_PIXELS);
    for (const [label, image, message] of cases) {
      const response = await t.request('POST', '/admin/product/new', {
        as: t.admin,
        payload: { ...productFields, name: label, images: [image] },
      });
      expect(response.statusCode, label).toBe(400);
      expect(response.json().message, label).toMatch(message);
    }
    expect(readdirSync(path.join(t.dataDir, 'uploads', 'products'))).toHaveLength(before);
  });
});

describe('a product picture uploaded to the bucket', () => {
  let s3: Awaited<ReturnType<typeof startFakeS3>>;
  let store: S3ImageStore;
  const savedEnv = { ...process.env };
  beforeAll(async () => {
    Object.assign(process.env, FAKE_S3_CREDENTIALS);
    s3 = await startFakeS3('shop-pictures');
    store = createS3ImageStore(s3.settings);
  });
  afterAll(async () => {
    store?.close();
    await s3?.close();
    for (const name of Object.keys(FAKE_S3_CREDENTIALS)) if (!(name in savedEnv)) delete process.env[name];
  });

  it('has its copies in the bucket, decoding to their widths, and loses them with the original', async () => {
    const original = await photo();
    const saved = await store.save(original, 'products');
    const copies = pictureCopiesOf(saved.key)!;
    expect(copies.widths).toEqual([160, 320, 640, 960]);
    for (const width of copies.widths)
      for (const format of ['avif', 'webp'] as const) {
        const key = `${copies.stem}-${width}.${format}`;
        const read = await store.read(key);
        expect(read?.contentType, key).toBe(`image/${format}`);
        const chunks: Buffer[] = [];
        for await (const chunk of read!.body) chunks.push(Buffer.from(chunk as Buffer));
        const bytes = Buffer.concat(chunks);
        expect(bytes.length, key).toBeLessThan(original.length);
        expect((await sharp(bytes).metadata()).width, key).toBe(width);
      }
    await store.remove(saved.key);
    expect(await store.read(saved.key)).toBeNull();
    expect(await store.read(`${copies.stem}-160.webp`)).toBeNull();
  });

  it('refuses a damaged picture before anything reaches the bucket', async () => {
    const valid = await photo();
    await expect(store.save(valid.subarray(0, 2000), 'products')).rejects.toMatchObject({
      statusCode: 400,
    });
  });
});
