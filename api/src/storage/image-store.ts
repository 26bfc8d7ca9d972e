import { access, constants, mkdir, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { detectImageType } from './image-types.ts';
import { badRequest } from '../http/errors.ts';

export interface SavedImage {
  /** What the database keeps to delete the file later. */
  key: string;
  /** Root-relative url the api serves it under. */
  url: string;
}

/** Where uploaded images live. Disk by default; an object store can implement the same two calls. */
export interface ImageStore {
  save(bytes: Uint8Array, folder: 'products' | 'avatars'): Promise<SavedImage>;
  remove(key: string): Promise<void>;
  /** Resolves when the store can take an upload now (readiness); rejects with why not. */
  check(): Promise<void>;
}

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const MAX_PRODUCT_IMAGES = 8;

/** Refuses what is not an image or too large; names what is with a random, never reused key. */
export function newImageKey(bytes: Uint8Array, folder: 'products' | 'avatars') {
  const type = detectImageType(bytes);
  if (!type) throw badRequest('Only PNG, JPEG, GIF or WebP images are allowed');
  if (bytes.length > MAX_IMAGE_BYTES) throw badRequest('Each image must be at most 5 MB');
  return { key: `${folder}/${randomBytes(16).toString('hex')}.${type.ext}`, type };
}

/** Files under `<dataDir>/uploads`, served at /uploads/ with a random, never reused name. */
export function createDiskImageStore(uploadsDir: string): ImageStore {
  const resolveKey = (key: string) => {
    const file = path.resolve(uploadsDir, key);
    if (!file.startsWith(path.resolve(uploadsDir) + path.sep))
      throw new Error(`image key outside the store: ${key}`);
    return file;
  };
  return {
    async save(bytes, folder) {
      const { key } = newImageKey(bytes, folder);
      await mkdir(path.join(uploadsDir, folder), { recursive: true });
      await writeFile(resolveKey(key), bytes, { flag: 'wx' });
      return { key, url: `/uploads/${key}` };
    },
    async remove(key) {
      await unlink(resolveKey(key)).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
      });
    },
    async check() {
      // The folder appears with the first upload; a new instance is ready if it could make it.
      await mkdir(uploadsDir, { recursive: true });
      await access(uploadsDir, constants.W_OK);
    },
  };
}
