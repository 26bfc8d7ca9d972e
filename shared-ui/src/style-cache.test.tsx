import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Box } from './design-system.ts';
import { createShopStyleCache } from './style-cache.ts';
import { ShopThemeProvider } from './theme-provider.tsx';

/** Everything emotion wrote through `cache` for components (not the global styles). */
const sheetOf = (cache: ReturnType<typeof createShopStyleCache>) =>
  cache.sheet.tags.map((tag) => tag.textContent).join('');

/** The rules of a box with `styles`, as emotion writes them through the shop's cache. */
function cssOf(styles: Parameters<typeof Box>[0]): string {
  const cache = createShopStyleCache();
  render(
    <ShopThemeProvider styleCache={cache}>
      <Box data-testid="box" {...styles}>
        x
      </Box>
    </ShopThemeProvider>,
  );
  const box = screen.getByTestId('box');
  const classes = [...box.classList].filter((name) => name.startsWith('css-'));
  return sheetOf(cache)
    .split('}')
    .filter((rule) => classes.some((name) => rule.includes(`.${name}`)))
    .join('}');
}

describe('the shop style cache', () => {
  it('writes no prefixed copies the supported browsers do not need', () => {
    const css = cssOf({
      display: 'flex',
      alignItems: 'center',
      flexDirection: 'column',
      transform: 'translateX(2px)',
      transition: 'opacity 1s',
      position: 'sticky',
      appearance: 'none',
    });
    expect(css).toContain('display:flex;');
    expect(css).toContain('transform:translateX(2px);');
    expect(css).toContain('position:sticky;');
    expect(css).not.toMatch(/-(webkit|moz|ms)-/);
  });

  it('keeps the -webkit- copies Safari and Chrome still need, before the standard declaration', () => {
    const css = cssOf({
      userSelect: 'none',
      textSizeAdjust: '100%',
      backgroundClip: 'text',
      hyphens: 'auto',
    });
    expect(css).toContain('-webkit-user-select:none;user-select:none;');
    expect(css).toContain('-webkit-text-size-adjust:100%;text-size-adjust:100%;');
    expect(css).toContain('-webkit-background-clip:text;background-clip:text;');
    expect(css).toContain('-webkit-hyphens:auto;hyphens:auto;');
    expect(css).not.toMatch(/-(moz|ms)-/);
  });

  it("writes the design system's keyframes and transforms once, unprefixed", () => {
    const cache = createShopStyleCache();
    render(
      <ShopThemeProvider styleCache={cache}>
        <Box>x</Box>
      </ShopThemeProvider>,
    );
    // Chakra draws them with emotion's <Global>, whose sheet is the cache's key with '-global'.
    const css = [...document.querySelectorAll('style[data-emotion^="css-global"]')]
      .map((style) => style.textContent)
      .join('');
    expect(css).toContain('@keyframes spin{');
    expect(css).not.toContain('@-webkit-keyframes');
    expect(css).not.toMatch(/-(webkit|moz|ms)-(transform|animation|flex|box)/);
  });
});

describe('the shop style cache on a server-rendered page', () => {
  afterEach(() =>
    document.querySelectorAll('style[data-shop-rendered-styles]').forEach((tag) => tag.remove()),
  );

  /** The emotion class of a box drawn with `styles`. */
  function classOf(styles: Parameters<typeof Box>[0]): string {
    render(
      <ShopThemeProvider styleCache={createShopStyleCache()}>
        <Box data-testid="box" {...styles} />
      </ShopThemeProvider>,
    );
    const name = [...screen.getByTestId('box').classList].find((name) => name.startsWith('css-'))!;
    cleanup();
    return name;
  }

  it('writes no style the page already carries, and leaves its tag where the page has it', () => {
    const rendered = classOf({ padding: '7px', color: 'brand.700' });
    const tag = document.createElement('style');
    tag.setAttribute('data-shop-rendered-styles', `${rendered.slice('css-'.length)} 1other`);
    tag.textContent = `.${rendered}{padding:7px;}`;
    const after = document.createElement('meta');
    document.head.prepend(tag);
    tag.after(after);

    const cache = createShopStyleCache();
    render(
      <ShopThemeProvider styleCache={cache}>
        <Box data-testid="rendered" padding="7px" color="brand.700" />
        <Box data-testid="new" padding="9px" />
      </ShopThemeProvider>,
    );
    expect(screen.getByTestId('rendered').classList).toContain(rendered);
    expect(sheetOf(cache)).not.toContain(`.${rendered}`);
    // A style the page does not carry is written as before.
    expect(sheetOf(cache)).toContain('padding:9px');
    expect(tag.parentNode).toBe(document.head);
    expect(tag.nextSibling).toBe(after);
    after.remove();
  });
});
