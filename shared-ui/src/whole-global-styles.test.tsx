import { render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The held sheet's state lives in its module, once per page: each test loads the modules afresh.
const load = async () => {
  vi.resetModules();
  return {
    ...(await import('./whole-global-styles.ts')),
    ...(await import('./style-cache.ts')),
    ...(await import('./design-system.ts')),
    ...(await import('./theme-provider.tsx')),
  };
};

/** A server-rendered page's head: the cut of the global styles, and the whole sheet held in the boot's template. */
function renderedPageHead({ held = 'template' }: { held?: 'template' | 'head' } = {}) {
  document.head.innerHTML = `
    <style id="shop-global-styles">:where(html){--chakra-colors-fg:#111;--chakra-colors-brand-700:#0f766e}
      @keyframes spin{to{rotate:1turn}}</style>
    <template id="shop-entry"></template>`;
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.media = 'print';
  link.setAttribute('data-shop-whole-sheet', '');
  if (held === 'head') document.head.append(link);
  else document.querySelector<HTMLTemplateElement>('#shop-entry')!.content.append(link);
  return link;
}

describe('the whole global sheet, held back on a server-rendered page', () => {
  beforeEach(() => {
    document.head.innerHTML = '';
  });
  afterEach(() => {
    document.head.innerHTML = '';
  });

  it('stays held while the styles read only what the head declares', async () => {
    const link = renderedPageHead();
    const { applyWholeGlobalStylesFor } = await load();
    applyWholeGlobalStylesFor(
      '.a{color:var(--chakra-colors-fg);border-color:var(--chakra-colors-brand-700)}',
    );
    applyWholeGlobalStylesFor('.b{animation-name:spin;animation-duration:1s}');
    applyWholeGlobalStylesFor('.c{outline-width:var(--focus-ring-width, 2px)}');
    expect(link.media).toBe('print');
  });

  it.each([
    ['a token the head lacks', '.a{color:var(--chakra-colors-purple-500)}'],
    ['keyframes the head lacks', '.b{animation-name:fade-in, pulse}'],
  ])('applies when a style reads %s', async (_, css) => {
    const link = renderedPageHead();
    const { applyWholeGlobalStylesFor } = await load();
    applyWholeGlobalStylesFor(css);
    expect(link.media).toBe('all');
  });

  it('applies the link once the boot script has put it in the head', async () => {
    const link = renderedPageHead({ held: 'head' });
    const { applyWholeGlobalStyles } = await load();
    applyWholeGlobalStyles();
    expect(link.media).toBe('all');
  });

  it('is applied by the style cache before a component that needs it is drawn', async () => {
    const link = renderedPageHead({ held: 'head' });
    const { createShopStyleCache, Box, ShopThemeProvider } = await load();
    const cache = createShopStyleCache();
    render(
      <ShopThemeProvider styleCache={cache}>
        <Box color="fg">within the head</Box>
      </ShopThemeProvider>,
    );
    expect(link.media).toBe('print');
    render(
      <ShopThemeProvider styleCache={cache}>
        <Box color="purple.500">beyond it</Box>
      </ShopThemeProvider>,
    );
    expect(link.media).toBe('all');
  });

  it('does nothing on a page that holds no sheet back', async () => {
    document.head.innerHTML = '<style id="shop-global-styles">:where(html){--chakra-colors-fg:#111}</style>';
    const { applyWholeGlobalStyles, applyWholeGlobalStylesFor } = await load();
    expect(() => applyWholeGlobalStylesFor('.a{color:var(--chakra-colors-purple-500)}')).not.toThrow();
    expect(() => applyWholeGlobalStyles()).not.toThrow();
  });
});
