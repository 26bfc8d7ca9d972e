import { describe, expect, it } from 'vitest';
import { shopRecipes } from './recipes.ts';
import { getShopSystem } from './theme.ts';

/** WCAG relative luminance of #rrggbb. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((at) => {
    const channel = parseInt(hex.slice(at, at + 2), 16) / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

const contrast = (a: string, b: string) => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
};

/** `color-mix(in srgb, <solid> N%, black|white)` worked out for a solid colour. */
function mixed(rule: string, solid: string): string {
  const [, percent, other] = /(\d+)%, (black|white)\)$/.exec(rule)!;
  const share = Number(percent) / 100;
  const toward = other === 'black' ? 0 : 255;
  const channels = [1, 3, 5].map((at) =>
    Math.round(parseInt(solid.slice(at, at + 2), 16) * share + toward * (1 - share)),
  );
  return `#${channels.map((channel) => channel.toString(16).padStart(2, '0')).join('')}`;
}

describe('the solid button under the pointer', () => {
  const hover = shopRecipes.button.variants?.variant?.solid?._hover?.bg ?? { _light: '', _dark: '' };
  const brand = (shade: number) => getShopSystem().token(`colors.brand.${shade}`) as string;

  it('keeps WCAG AA contrast with its text in light mode (white on the brand shade made darker)', () => {
    // Chakra's own hover (the shade at 90% over white) measured 4.48:1.
    expect(contrast(mixed(hover._light, brand(700)), '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });

  it('and in dark mode (dark text on the brand shade made lighter)', () => {
    expect(contrast(mixed(hover._dark, brand(400)), brand(950))).toBeGreaterThanOrEqual(4.5);
  });
});
