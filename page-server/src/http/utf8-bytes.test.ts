import { describe, expect, it } from 'vitest';
import { utf8Bytes } from './utf8-bytes.ts';

describe('a page’s text in UTF-8', () => {
  it.each([
    ['nothing', ''],
    ['ASCII only', '<p class="css-1">Ceramic Mug</p>'],
    ['rupees and Latin-1', '<span>₹1,299.00</span> © Café'],
    ['Devanagari and an emoji', '<h1>सूती कुर्ता 😀</h1>'],
    ['a NUL', 'a\u0000b'],
    ['a lone surrogate', 'broken \ud800 name'],
    ['a trailing lone surrogate', `${'x'.repeat(70_000)}\udc00`],
  ])('is written as Buffer.from writes it: %s', (_, text) => {
    expect(utf8Bytes(text).equals(Buffer.from(text))).toBe(true);
  });
});
