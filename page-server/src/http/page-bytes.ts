import type { PagePart } from '../documents/page-document.ts';
import { utf8Bytes } from './utf8-bytes.ts';

/**
 * How many recurring texts' bytes are kept: a release's documents make a few pieces, and its kinds of page
 * a few dozen styles and cuts (two sets of styles across 120 product pages). Past this a part is not
 * recurring after all, and the kept bytes start over.
 */
const MAX_KEPT = 256;

const kept = new Map<string, Buffer>();

/**
 * The UTF-8 of a recurring text. Found by the string itself: V8 keeps a string's hash once worked out, and a
 * lookup by the same string is then as quick as by any key, where hashing a new copy would read it whole.
 */
function keptBytesOf(text: string): Buffer {
  let bytes = kept.get(text);
  if (!bytes) {
    if (kept.size >= MAX_KEPT) kept.clear();
    kept.set(text, (bytes = utf8Bytes(text)));
  }
  return bytes;
}

/**
 * A page's UTF-8, the same bytes as its text joined and written whole: only the render's own parts are
 * written, the recurring ones (three quarters of a product page's 62 KB) are copied from their kept bytes.
 * Writing a two-byte string of the whole page (one '₹' makes it so) was 4% of an uncached render's CPU
 * (docs/performance.md, "A page's recurring parts as bytes").
 */
export function pageBytes(parts: readonly PagePart[]): Buffer {
  return Buffer.concat(parts.map((part) => (part.recurs ? keptBytesOf(part.text) : utf8Bytes(part.text))));
}
