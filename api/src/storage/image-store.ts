import { access, constants, mkdir, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import {
  copyName,
  originalName,
  pictureCopiesOf,
  PICTURE_COPY_FORMATS,
} from '@shop/shared-contract/pictures';
import { detectImageType } from './image-types.ts';
import { badRequest } from '../http/errors.ts';
import { makePictureCopies } from './picture-copies.ts';

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

/** One file a save writes: the original, or one of its copies. */
export interface ImageFile {
  key: string;
  mime: string;
  bytes: Uint8Array;
}

/**
 * Refuses what is not an image or too large; names what is with a random, never reused key. A product
 * picture also gets its resized copies (picture-copies.ts), named from the original's key
 * (@shop/shared-contract/pictures): the original comes first, then the copies.
 */
export async function prepareImage(
  bytes: Uint8Array,
  folder: 'products' | 'avatars',
): Promise<{ key: string; files: ImageFile[] }> {
  const type = detectImageType(bytes);
  if (!type) throw badRequest('Only PNG, JPEG, GIF or WebP images are allowed');
  if (bytes.length > MAX_IMAGE_BYTES) throw badRequest('Each image must be at most 5 MB');
  const stem = `${folder}/${randomBytes(16).toString('hex')}`;
  if (folder !== 'products') {
    const key = `${stem}.${type.ext}`;
    return { key, files: [{ key, mime: type.mime, bytes }] };
  }
  const copies = await makePictureCopies(bytes);
  const widths = [...new Set(copies.map((copy) => copy.width))];
  const key = originalName(stem, widths, type.ext);
  return {
    key,
    files: [
      { key, mime: type.mime, bytes },
      ...copies.map((copy) => ({
        key: copyName(stem, copy.width, copy.format),
        mime: copy.mime,
        bytes: copy.bytes,
      })),
    ],
  };
}

/** Every file stored under an original's key: itself and its copies, if it has any. */
export function keysOfImage(key: string): string[] {
  const copies = pictureCopiesOf(key);
  if (!copies) return [key];
  return [
    key,
    ...copies.widths.flatMap((width) =>
      PICTURE_COPY_FORMATS.map((format) => copyName(copies.stem, width, format)),
    ),
  ];
}

/** Files under `<dataDir>/uploads`, served at /uploads/ with a random, never reused name. */
export function createDiskImageStore(uploadsDir: string): ImageStore {
  const resolveKey = (key: string) => {
    const file = path.resolve(uploadsDir, key);
    if (!file.startsWith(path.resolve(uploadsDir) + path.sep))
      throw new Error(`image key outside the store: ${key}`);
    return file;
  };
  const remove = async (key: string) => {
    for (const file of keysOfImage(key))
      await unlink(resolveKey(file)).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
      });
  };
  return {
    async save(bytes, folder) {
      const { key, files } = await prepareImage(bytes, folder);
      await mkdir(path.join(uploadsDir, folder), { recursive: true });
      try {
        // The copies first and the original last: an original on disk has all its copies.
        for (const file of files.toReversed())
          await writeFile(resolveKey(file.key), file.bytes, { flag: 'wx' });
      } catch (error) {
        await remove(key);
        throw error;
      }
      return { key, url: `/uploads/${key}` };
    },
    remove,
    async check() {
      // The folder appears with the first upload; a new instance is ready if it could make it.
      await mkdir(uploadsDir, { recursive: true });
      await access(uploadsDir, constants.W_OK);
    },
  };
}
