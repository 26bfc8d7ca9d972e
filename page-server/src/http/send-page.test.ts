import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressedHarder, preparedPage } from './send-page.ts';

// A page of the shop's kind: markup whose classes and words repeat over some 60 KB.
const html = `<!doctype html><html><body>${Array.from(
  { length: 400 },
  (_, index) =>
    `<div class="css-${(index * 7919) % 997}"><a href="/product/${index.toString(16).padStart(24, '0')}">Product ${index}</a><span>₹${(index * 37) % 5000}.00</span></div>`,
).join('')}</body></html>`;

describe('a page made ready to send', () => {
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
