// @vitest-environment node
import type * as EmotionCache from '@emotion/cache';
import { describe, expect, it, vi } from 'vitest';

const pluginLists = vi.hoisted(() => [] as unknown[]);

vi.mock('@emotion/cache', async (importOriginal) => {
  const emotion = await importOriginal<typeof EmotionCache>();
  return {
    default: (options: Parameters<typeof emotion.default>[0]) => {
      pluginLists.push(options.stylisPlugins);
      return emotion.default(options);
    },
  };
});

const { createShopStyleCache } = await import('./style-cache.ts');

describe('the shop style cache on a server', () => {
  it('hands emotion the same plugin list for every render, which its compiled-CSS memo is keyed by', () => {
    createShopStyleCache();
    createShopStyleCache();
    expect(pluginLists).toHaveLength(2);
    // A new list per render made emotion compile every style of every page again (a third of a render).
    expect(pluginLists[1]).toBe(pluginLists[0]);
  });

  it('gives each render its own record of the styles it used', () => {
    const first = createShopStyleCache();
    first.compat = true;
    first.insert('.css-a1', { name: 'a1', styles: 'color:red;user-select:none;' }, first.sheet, true);
    const second = createShopStyleCache();
    second.compat = true;
    expect(second.inserted).toEqual({});
    second.insert('.css-a1', { name: 'a1', styles: 'color:red;user-select:none;' }, second.sheet, true);
    expect(second.inserted.a1).toBe('.css-a1{color:red;-webkit-user-select:none;user-select:none;}');
    expect(first.inserted.a1).toBe(second.inserted.a1);
  });
});
