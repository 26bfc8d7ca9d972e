/**
 * Picture copies (issue 28): how the api names the resized copies of an uploaded product picture, and how a
 * browser finds them from the picture's url alone. The url is all a cart line, an order line or the shell's
 * boot script has (`cartItems` keeps one string per line), so the widths that exist are written into the
 * original's name: `products/<32 hex>_160_320_480.png` has copies `products/<32 hex>-160.avif`,
 * `…-160.webp`, `…-320.avif`, … A picture stored before copies were made (`products/<32 hex>.png`) or one
 * from elsewhere has none, and is drawn as it is. The shell's boot script (shell/index.html) reads the same
 * names; keep the two in step.
 */

/** The formats of the copies, best first: what a `<picture>`'s sources offer, in that order. */
export const PICTURE_COPY_FORMATS = ['avif', 'webp'] as const;
export type PictureCopyFormat = (typeof PICTURE_COPY_FORMATS)[number];

/** The widths copies are made at (never wider than the original, which then adds its own width). */
export const PICTURE_COPY_WIDTHS = [160, 320, 640, 960] as const;

const ORIGINAL_WITH_COPIES = /^(.*[0-9a-f]{32})((?:_\d+)+)\.(?:png|jpg|gif|webp)$/;

/** The original's name for a stem (`products/<32 hex>`), the widths of its copies and its extension. */
export const originalName = (stem: string, widths: readonly number[], ext: string) =>
  `${stem}${widths.map((width) => `_${width}`).join('')}.${ext}`;

/** A copy's name (or url) from the original's stem (or url without its ending). */
export const copyName = (stem: string, width: number, format: PictureCopyFormat) =>
  `${stem}-${width}.${format}`;

/** The stem and copy widths of an original's key or url; null when it has no copies. */
export function pictureCopiesOf(url: string): { stem: string; widths: number[] } | null {
  const match = ORIGINAL_WITH_COPIES.exec(url);
  if (!match) return null;
  return { stem: match[1]!, widths: match[2]!.slice(1).split('_').map(Number) };
}

/** `srcset` of a picture's copies in one format (`…-160.avif 160w, …`), or undefined when it has none. */
export function pictureSrcSet(url: string, format: PictureCopyFormat): string | undefined {
  const copies = pictureCopiesOf(url);
  return copies?.widths.map((width) => `${copyName(copies.stem, width, format)} ${width}w`).join(', ');
}
