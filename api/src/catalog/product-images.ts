import type { FastifyRequest } from 'fastify';
import type { ImageStore } from '../storage/image-store.ts';
import { MAX_PRODUCT_IMAGES } from '../storage/image-store.ts';
import { decodeImageDataUrl } from '../storage/data-url.ts';
import { badRequest } from '../http/errors.ts';
import type { StoredImage } from '../db/schema.ts';

/**
 * The product images of a create or update request: uploaded files and/or image data URLs in `images`.
 * Every one is checked by content and saved; if any is refused, the ones already saved are removed.
 */
export async function saveProductImages(
  request: FastifyRequest,
  dataUrls: string | string[] | undefined,
  store: ImageStore,
): Promise<StoredImage[]> {
  const urls = dataUrls === undefined ? [] : Array.isArray(dataUrls) ? dataUrls : [dataUrls];
  const blobs = [
    ...request.uploads.map((file) => file.bytes),
    ...urls
      .filter((url) => url.trim() !== '')
      .map((url, index) => decodeImageDataUrl(url, `images[${index}]`)),
  ];
  if (blobs.length > MAX_PRODUCT_IMAGES)
    throw badRequest(`images: at most ${MAX_PRODUCT_IMAGES} images per product`);
  const saved: StoredImage[] = [];
  try {
    for (const bytes of blobs) {
      const image = await store.save(bytes, 'products');
      saved.push({ url: image.url, key: image.key });
    }
  } catch (error) {
    await removeImages(saved, store);
    throw error;
  }
  return saved;
}

export async function removeImages(images: StoredImage[], store: ImageStore) {
  for (const image of images) if (image.key) await store.remove(image.key);
}
