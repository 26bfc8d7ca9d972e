import { badRequest } from '../http/errors.ts';
import { MAX_IMAGE_BYTES } from './image-store.ts';

/** The longest data URL of an image within MAX_IMAGE_BYTES (base64 takes 4 characters per 3 bytes). */
export const DATA_URL_MAX_CHARS = Math.ceil(MAX_IMAGE_BYTES / 3) * 4 + 100;

/**
 * The bytes of a `data:image/...;base64,...` url. The declared type is not trusted: the store checks the
 * content before it keeps anything.
 */
export function decodeImageDataUrl(value: string, field: string): Uint8Array {
  const match = /^data:image\/[a-z0-9.+-]+;base64,([A-Za-z0-9+/=\s]+)$/i.exec(value);
  if (!match) throw badRequest(`${field}: must be an image file`);
  const bytes = Buffer.from(match[1]!, 'base64');
  if (bytes.length === 0) throw badRequest(`${field}: must be an image file`);
  if (bytes.length > MAX_IMAGE_BYTES) throw badRequest(`${field}: each image must be at most 5 MB`);
  return bytes;
}

export const isDataUrl = (value: string) => value.startsWith('data:');
