import { SHIPPED_GLOBAL_STYLES_ID } from '@shop/shared-contract';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Button } from './design-system.ts';
import { getShopSystem } from './theme.ts';
import { ShopThemeProvider } from './theme-provider.tsx';

// The design tokens' CSS variables declared in the page's style elements, as emotion writes them.
const tokenStylesInPage = () =>
  [...document.querySelectorAll('style:not(#shop-global-styles)')].some((style) =>
    /--chakra-colors-brand-500:/.test(style.textContent ?? ''),
  );

afterEach(() => {
  document.getElementById(SHIPPED_GLOBAL_STYLES_ID)?.remove();
  vi.restoreAllMocks();
});

describe('ShopThemeProvider', () => {
  it('leaves the global styles to a page that ships them: neither built nor drawn again', () => {
    const shipped = document.createElement('style');
    shipped.id = SHIPPED_GLOBAL_STYLES_ID;
    document.head.append(shipped);
    // The patched system builds its global styles on first read (patches/README.md).
    const built = vi.spyOn(getShopSystem(), '_global', 'get');
    render(
      <ShopThemeProvider>
        <Button>Add to cart</Button>
      </ShopThemeProvider>,
    );
    expect(screen.getByRole('button', { name: 'Add to cart' })).toBeInTheDocument();
    expect(built).not.toHaveBeenCalled();
    expect(tokenStylesInPage()).toBe(false);
  });

  it('draws them where the page has none (dev servers, standalone remotes, tests)', () => {
    render(
      <ShopThemeProvider>
        <Button>Add to cart</Button>
      </ShopThemeProvider>,
    );
    expect(tokenStylesInPage()).toBe(true);
  });
});
