import { createSystem, defaultBaseConfig, defineConfig, type SystemContext } from '@chakra-ui/react';
import {
  animationStyles,
  breakpoints,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  keyframes,
  layerStyles,
  semanticTokens,
  textStyles,
  tokens,
} from '@chakra-ui/react/theme';
import { shopRecipes, shopSlotRecipes } from './recipes.ts';

const systemFont = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

// The shop's one brand colour: a deep teal. Shades are picked so that white text on `brand.solid`
// (light mode) and dark text on it (dark mode) both clear WCAG AA.
const brand = {
  50: { value: '#f0fdfa' },
  100: { value: '#ccfbf1' },
  200: { value: '#99f6e4' },
  300: { value: '#5eead4' },
  400: { value: '#2dd4bf' },
  500: { value: '#14b8a6' },
  600: { value: '#0d9488' },
  700: { value: '#0f766e' },
  800: { value: '#115e59' },
  900: { value: '#134e4a' },
  950: { value: '#042f2e' },
};

/** Semantic tokens a `colorPalette` needs (solid, contrast, fg, muted, subtle, emphasized, focusRing). */
function paletteTokens(name: string) {
  const ref = (shade: number) => `{colors.${name}.${shade}}`;
  return {
    solid: { value: { _light: ref(700), _dark: ref(400) } },
    contrast: { value: { _light: 'white', _dark: ref(950) } },
    fg: { value: { _light: ref(700), _dark: ref(300) } },
    muted: { value: { _light: ref(100), _dark: ref(900) } },
    subtle: { value: { _light: ref(200), _dark: ref(800) } },
    emphasized: { value: { _light: ref(300), _dark: ref(700) } },
    focusRing: { value: { _light: ref(600), _dark: ref(400) } },
  };
}

// One theme for three apps: every app renders with this system so a shopper never sees a seam.
const shopConfig = defineConfig({
  globalCss: {
    'html, body': { margin: 0, minHeight: '100%' },
    // Motion is decoration: shoppers who ask the system for less get none.
    '*, *::before, *::after': {
      _motionReduce: {
        animationDuration: '0.01ms !important',
        animationIterationCount: '1 !important',
        transitionDuration: '0.01ms !important',
        scrollBehavior: 'auto !important',
      },
    },
  },
  theme: {
    tokens: {
      fonts: {
        heading: { value: systemFont },
        body: { value: systemFont },
      },
      colors: { brand },
    },
    semanticTokens: {
      colors: {
        brand: paletteTokens('brand'),
        // Chakra's own teal.solid (teal.600) fails AA contrast with white text; remotes that still say
        // colorPalette="teal" get the brand's accessible shades.
        teal: paletteTokens('brand'),
      },
    },
  },
});

// Chakra's default theme (tokens, global styles, text styles) with only the recipes the shop's components
// use, instead of `defaultConfig` and its ~80 recipes: Chakra's documented route to a smaller bundle.
const chakraTheme = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens,
    semanticTokens,
    recipes: shopRecipes,
    slotRecipes: shopSlotRecipes,
    textStyles,
    layerStyles,
    animationStyles,
  },
});

let shopSystem: SystemContext | undefined;

/**
 * The shop's Chakra system, built on first use rather than when this module is evaluated. Building it
 * (every token's CSS variable, the global and reset styles) is the largest single step of evaluating the
 * shared code: ~120 of ~255 ms on a 4x-throttled phone, in the one long task that evaluates the page's
 * shared chunk. The shell builds it in a task of its own before its first render (main.tsx).
 */
export function getShopSystem(): SystemContext {
  shopSystem ??= createSystem(defaultBaseConfig, chakraTheme, shopConfig);
  return shopSystem;
}
