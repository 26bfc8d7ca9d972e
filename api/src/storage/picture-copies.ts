import sharp, { type Sharp } from 'sharp';
import pLimit from 'p-limit';
import {
  PICTURE_COPY_FORMATS,
  PICTURE_COPY_WIDTHS,
  type PictureCopyFormat,
} from '@shop/shared-contract/pictures';
import { badRequest } from '../http/errors.ts';

/**
 * The resized copies of a product picture (issue 28): WebP and AVIF at the widths of PICTURE_COPY_WIDTHS
 * below the original's, plus one at the original's own width when it is narrower than the widest, so a
 * phone fetches a few kilobytes where it fetched the upload. Never trusts the upload: a file sharp cannot
 * decode, or one that claims more than MAX_PICTURE_PIXELS, is a 400 before anything is encoded.
 */

/** 25 megapixels: more than a phone camera's photo, far less than a decompression bomb's claim. */
export const MAX_PICTURE_PIXELS = 25_000_000;
/** Pictures encoded at once in this process; each runs on libuv's pool, never on the event loop. */
const PICTURES_AT_ONCE = 2;

// One libvips thread per picture (the machine's cores are the api's too); nothing is read twice, so no cache.
sharp.concurrency(1);
sharp.cache(false);
const oneAtATime = pLimit(PICTURES_AT_ONCE);

export interface PictureCopy {
  width: number;
  format: PictureCopyFormat;
  mime: string;
  bytes: Buffer;
}

/** The widths of an original's copies: the ladder's below its width, and its own if under the widest. */
export function copyWidths(originalWidth: number): number[] {
  const widths: number[] = PICTURE_COPY_WIDTHS.filter((width) => width < originalWidth);
  if (originalWidth <= PICTURE_COPY_WIDTHS.at(-1)!) widths.push(originalWidth);
  return widths;
}

const ENCODE = {
  // Measured on the seed's pictures and photos: the smallest files at these qualities that look like the
  // upload at a card's size; effort 2 (AVIF) keeps an upload of eight pictures within a few seconds.
  avif: (image: Sharp) => image.avif({ quality: 50, effort: 2 }),
  webp: (image: Sharp) => image.webp({ quality: 75, effort: 4 }),
} satisfies Record<PictureCopyFormat, (image: Sharp) => Sharp>;

const input = (bytes: Uint8Array) =>
  // The first frame of an animation; EXIF orientation applied (a phone's photo stands upright).
  sharp(bytes, { limitInputPixels: MAX_PICTURE_PIXELS, failOn: 'error' }).autoOrient();

/** The picture's copies, or a 400 naming why the upload is not a picture we can use. */
export function makePictureCopies(bytes: Uint8Array): Promise<PictureCopy[]> {
  return oneAtATime(async () => {
    let width: number | undefined;
    let height: number | undefined;
    try {
      // The header only; the limit is checked below, so the answer can say how large the picture is.
      const metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
      ({ width, height } = metadata.autoOrient ?? metadata);
    } catch {
      throw badRequest('Each image must be a picture that can be read (PNG, JPEG, GIF or WebP)');
    }
    if (!width || !height) throw badRequest('Each image must be a picture that can be read');
    if (width * height > MAX_PICTURE_PIXELS)
      throw badRequest(
        `Each image must be at most ${MAX_PICTURE_PIXELS / 1_000_000} megapixels (this one is ${width}×${height})`,
      );
    try {
      const copies: PictureCopy[] = [];
      for (const copyWidth of copyWidths(width))
        for (const format of PICTURE_COPY_FORMATS) {
          const resized = input(bytes).resize({ width: copyWidth, withoutEnlargement: true });
          copies.push({
            width: copyWidth,
            format,
            mime: `image/${format}`,
            bytes: await ENCODE[format](resized).toBuffer(),
          });
        }
      return copies;
    } catch {
      // The header was fine but the pixels are not (truncated or corrupt data).
      throw badRequest('Each image must be a picture that can be read: this one is damaged');
    }
  });
}
