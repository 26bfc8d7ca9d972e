import { SHIPPED_GLOBAL_STYLES_ID } from '@shop/shared-contract';
import { describe, expect, it, vi } from 'vitest';
import { globalStyleSheet } from './global-styles.ts';

// The shape of the design system's sheet: layers, a reset that uses two properties, tokens for light and
// dark, a token that is a whole animation, and keyframes.
const css = [
  '@layer reset,base,tokens;',
  "@layer reset{html{--font-fallback:ui-sans-serif,'Segoe UI';font-family:var(--global-font-body, var(--font-fallback));}}",
  '@layer base{@keyframes spin{0%{transform:rotate(0deg);}100%{transform:rotate(360deg);}}@keyframes fade-in{from{opacity:0;}to{opacity:1;}}@keyframes pulse{50%{opacity:0.5;}}}',
  '@layer tokens{:where(html){--global-font-body:var(--chakra-fonts-body);}',
  ':root,.light{--chakra-fonts-body:system-ui;--chakra-colors-brand-700:#0f766e;--chakra-colors-brand-400:#2dd4bf;--chakra-colors-purple-500:#a855f7;',
  '--chakra-colors-brand-solid:var(--chakra-colors-brand-700);--chakra-animations-spin:spin 1s linear infinite;',
  '--chakra-icon:url("data:image/svg+xml;charset=utf-8,<svg/>");}',
  '.dark{--chakra-colors-brand-solid:var(--chakra-colors-brand-400);}}',
].join('');

const sheet = globalStyleSheet(css);
const kept = (page: string) => sheet.tagFor(page);

describe("the design system's global styles cut to a page", () => {
  it('keeps the properties the page uses and those they use, in light and dark', () => {
    const tag = kept('<style>.css-1{background:var(--chakra-colors-brand-solid)}</style>');
    expect(tag).toContain('--chakra-colors-brand-solid:var(--chakra-colors-brand-700);');
    expect(tag).toContain('.dark{--chakra-colors-brand-solid:var(--chakra-colors-brand-400);}');
    expect(tag).toContain('--chakra-colors-brand-700:#0f766e;');
    expect(tag).toContain('--chakra-colors-brand-400:#2dd4bf;');
    expect(tag).not.toContain('--chakra-colors-purple-500');
    expect(tag).not.toContain('--chakra-icon');
  });

  it('keeps what the sheet’s own rules use on every page, and every rule', () => {
    const tag = kept('<main>Nothing styled</main>');
    expect(tag.startsWith(`<style id="${SHIPPED_GLOBAL_STYLES_ID}">@layer reset,base,tokens;`)).toBe(true);
    expect(tag).toContain('--font-fallback:');
    expect(tag).toContain('--global-font-body:var(--chakra-fonts-body);');
    expect(tag).toContain('--chakra-fonts-body:system-ui;');
    expect(tag).toContain(':root,.light{');
    expect(tag).not.toContain('--chakra-colors-brand-solid');
  });

  it('keeps a value whose `;` is inside a string whole', () => {
    const tag = kept('<i style="mask:var(--chakra-icon)"></i>');
    expect(tag).toContain('--chakra-icon:url("data:image/svg+xml;charset=utf-8,<svg/>");');
  });

  it('keeps the keyframes the page animates with, by name or through a token', () => {
    expect(kept('<main></main>')).not.toContain('@keyframes');
    const named = kept('<style>.css-2{animation-name:fade-in, pulse;}</style>');
    expect(named).toContain('@keyframes fade-in{');
    expect(named).toContain('@keyframes pulse{');
    expect(named).not.toContain('@keyframes spin');
    const throughToken = kept('<style>.css-3{animation:var(--chakra-animations-spin);}</style>');
    expect(throughToken).toContain(
      '@keyframes spin{0%{transform:rotate(0deg);}100%{transform:rotate(360deg);}}',
    );
    expect(throughToken).not.toContain('@keyframes fade-in');
  });

  it('loses nothing: a page that uses every property and keyframes gets the sheet as it was', () => {
    const everything = [
      ...[...css.matchAll(/(--[\w-]+)\s*:/g)].map(([, name]) => `color:var(${name});`),
      ...[...css.matchAll(/@keyframes\s+([\w-]+)/g)].map(([, name]) => `animation-name:${name};`),
    ].join('');
    expect(kept(everything)).toBe(sheet.tag);
  });

  it('cuts again for a page that refers to other tokens, and alike for pages that refer to the same', () => {
    const brand = kept('<style>.a{color:var(--chakra-colors-brand-700)}.b{animation-name:pulse}</style>');
    const purple = kept('<style>.a{color:var(--chakra-colors-purple-500)}</style>');
    const brandAgain = kept('<b style="animation-name:pulse;color:var(--chakra-colors-brand-700)"></b>');
    expect(purple).toContain('--chakra-colors-purple-500');
    expect(purple).not.toContain('--chakra-colors-brand-700');
    expect(purple).not.toContain('@keyframes pulse');
    expect(brandAgain).toBe(brand);
    expect(brandAgain).toContain('--chakra-colors-brand-700');
    expect(brandAgain).toContain('@keyframes pulse');
  });

  it('ships the whole sheet by a name that changes with its content', () => {
    expect(sheet.tag).toBe(`<style id="${SHIPPED_GLOBAL_STYLES_ID}">${css}</style>`);
    expect(sheet.path).toMatch(/^\/global-styles-[\w-]{12}\.css$/);
    expect(globalStyleSheet(css).path).toBe(sheet.path);
    expect(globalStyleSheet(`${css} `).path).not.toBe(sheet.path);
  });

  it('cuts by a page’s markup and the parts pages share alike, scanning a shared part once', () => {
    const styles =
      '<style>.css-1{background:var(--chakra-colors-brand-solid)}.css-2{animation-name:pulse}</style>';
    const after = '<footer style="color:var(--chakra-colors-brand-400)"></footer>';
    const scanned = vi.spyOn(String.prototype, 'indexOf');
    const scansOfStyles = () => scanned.mock.contexts.filter((text) => String(text) === styles).length;
    const purple = sheet.tagFor('<b style="color:var(--chakra-colors-purple-500)"></b>', [styles, after]);
    const scansOfOnePage = scansOfStyles();
    const plain = sheet.tagFor('<b>No token of its own</b>', [styles, after]);
    expect(scansOfStyles()).toBe(scansOfOnePage);
    scanned.mockRestore();
    expect(scansOfOnePage).toBeGreaterThan(0);
    // As if the parts were one page: each page keeps its own markup's tokens and the shared parts' alike.
    expect(purple).toBe(kept(`${styles}<b style="color:var(--chakra-colors-purple-500)"></b>${after}`));
    expect(plain).toBe(kept(`${styles}<b>No token of its own</b>${after}`));
    expect(purple).toContain('--chakra-colors-purple-500');
    expect(plain).not.toContain('--chakra-colors-purple-500');
    for (const tag of [purple, plain]) {
      expect(tag).toContain('--chakra-colors-brand-solid:var(--chakra-colors-brand-700);');
      expect(tag).toContain('--chakra-colors-brand-400:#2dd4bf;');
      expect(tag).toContain('@keyframes pulse{');
    }
  });
});
