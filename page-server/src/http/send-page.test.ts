import { brotliCompressSync, brotliDecompressSync, constants } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressedHarder, FIRST_FLIGHT_BODY_BYTES, preparedPage } from './send-page.ts';

// A page of the shop's kind: markup whose classes and words repeat over some 60 KB.
const html = `<!doctype html><html><body>${Array.from(
  { length: 400 },
  (_, index) =>
    `<div class="css-${(index * 7919) % 997}"><a href="/product/${index.toString(16).padStart(24, '0')}">Product ${index}</a><span>₹${(index * 37) % 5000}.00</span></div>`,
).join('')}</body></html>`;

/** A page of `cards` of the kind above, with words that vary (a catalog's names and prices). */
const pageOf = (cards: number) =>
  `<!doctype html><html><body>${Array.from(
    { length: cards },
    (_, index) =>
      `<div class="css-${(index * 7919) % 997}"><a href="/product/${((index * 2654435761) % 4294967296).toString(16)}">Product ${(index * 48271) % 100003}</a><span>₹${(index * 37) % 5000}.00</span></div>`,
  ).join('')}</body></html>`;
const brotliAt = (quality: number, text: string) =>
  brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: quality } }).length;

describe('a page made ready to send', () => {
  it('is sent in the first flight when brotli at 5 brings it there, though a quicker quality would not', () => {
    // The smallest page of this kind that brotli at 3 (a render's) leaves past the first flight.
    let cards = 100;
    while (brotliAt(3, pageOf(cards)) <= FIRST_FLIGHT_BODY_BYTES) cards += 5;
    const page = pageOf(cards);
    expect(brotliAt(5, page)).toBeLessThanOrEqual(FIRST_FLIGHT_BODY_BYTES);
    const prepared = preparedPage(200, page, "default-src 'self'");
    expect(prepared.br.length).toBeLessThanOrEqual(FIRST_FLIGHT_BODY_BYTES);
    expect(brotliDecompressSync(prepared.br).toString()).toBe(page);
  });

  it('carries the same ETag wherever the same page is made, and another for a changed page', () => {
    const made = () => preparedPage(200, html, "default-src 'self'");
    expect(made().etag).toBe(made().etag);
    expect(made().etag).toMatch(/^"[\w-]{27}"$/);
    const changed = preparedPage(200, html.replace('₹0.00', '₹1.00'), "default-src 'self'");
    expect(changed.etag).not.toBe(made().etag);
  });

  it('is compressed harder for a page asked for again: fewer bytes, the same page and ETag', async () => {
    const page = preparedPage(200, html, "default-src 'self'");
    const harder = await compressedHarder(page);
    expect(harder.br.length).toBeLessThan(page.br.length);
    expect(brotliDecompressSync(harder.br).toString()).toBe(html);
    expect(harder.etag).toBe(page.etag);
    expect(harder.compressedHarder).toBe(true);
    expect(page.compressedHarder).toBeUndefined();
  });
});
