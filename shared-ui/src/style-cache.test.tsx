import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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
