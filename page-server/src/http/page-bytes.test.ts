import { describe, expect, it } from 'vitest';
import { pageText, type PagePart } from '../documents/page-document.ts';
import { pageBytes } from './page-bytes.ts';

const own = (text: string): PagePart => ({ text, recurs: false });
const recurring = (text: string): PagePart => ({ text, recurs: true });

const head = recurring('<!doctype html><html><head><title>Shop</title>');
const styles = recurring(`<style>${'.css-1{color:var(--chakra-colors-brand-700)}'.repeat(500)}</style>`);
const end = recurring('<template id="shop-entry"></template></body></html>');

describe("a page's bytes from its parts", () => {
  it('are the UTF-8 of its whole text, recurring parts and the render’s own, rupees and all', () => {
    for (const markup of ['<main>₹149.00 · 4.0 ★</main>', '<main>Pens</main>', '<main>रु 😀 \u0000</main>']) {
      const parts = [head, styles, own('</head><body><div id="root">'), own(markup), end];
      expect(pageBytes(parts).equals(Buffer.from(pageText(parts)))).toBe(true);
    }
  });

  it('follow a recurring part that changed: its bytes are kept by its text, not by its place', () => {
    const first = [head, recurring('<style>.css-1{color:red}</style>'), own('<main>₹1</main>'), end];
    const second = [head, recurring('<style>.css-2{color:blue}</style>'), own('<main>₹1</main>'), end];
    expect(pageBytes(first).toString()).toBe(pageText(first));
    expect(pageBytes(second).toString()).toBe(pageText(second));
    expect(pageBytes(first).toString()).toBe(pageText(first));
  });

  it('are the page’s own: changing one page’s bytes leaves the next page’s as they were', () => {
    const parts = [head, styles, own('<main>₹2</main>'), end];
    const sent = pageBytes(parts);
    sent.fill(0);
    expect(pageBytes(parts).toString()).toBe(pageText(parts));
  });
});
