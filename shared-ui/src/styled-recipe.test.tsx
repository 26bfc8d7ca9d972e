import { chakra } from '@chakra-ui/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithTheme } from './test/render.tsx';
import { ShopThemeProvider } from './theme-provider.tsx';
import { getShopSystem } from './theme.ts';

const priceRecipe = {
  base: { fontWeight: 'semibold' },
  variants: { tone: { sale: { color: 'red.600' }, plain: { color: 'fg' } } },
};
const Price = chakra('span', priceRecipe);

const prices = (tones: ('sale' | 'plain')[]) => (
  <>
    {tones.map((tone, index) => (
      <Price key={index} tone={tone} data-testid={`${tone}-${index}`}>
        ₹{index}
      </Price>
    ))}
  </>
);

describe('a styled element’s recipe (patches/README.md)', () => {
  it('is made once per system, however many elements draw it and however often', () => {
    // Unpatched, Chakra made the element's recipe (and so empty memos) on every render of every element,
    // and worked its styles out again each time.
    const make = vi.spyOn(getShopSystem(), 'cva');
    const { rerender } = renderWithTheme(prices(['sale', 'plain', 'sale']));
    rerender(<ShopThemeProvider>{prices(['plain', 'sale', 'plain'])}</ShopThemeProvider>);
    expect(make.mock.calls.filter(([config]) => config === priceRecipe).length).toBeLessThanOrEqual(1);
    make.mockRestore();
  });

  it('still styles each element by its own variant', () => {
    const { getByTestId } = renderWithTheme(prices(['sale', 'plain', 'sale']));
    const sale = getByTestId('sale-0').className;
    expect(getByTestId('sale-2').className).toBe(sale);
    expect(getByTestId('plain-1').className).not.toBe(sale);
    expect(getComputedStyle(getByTestId('sale-0')).fontWeight).toBe(
      getComputedStyle(getByTestId('plain-1')).fontWeight,
    );
  });
});
