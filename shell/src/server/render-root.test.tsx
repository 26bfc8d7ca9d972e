// @vitest-environment node
import { createServerQueryClient } from '@shop/shared-api/server';
import type { RemoteRoutesProps } from '@shop/shared-contract';
import { testRuntimeConfig } from '@shop/shared-contract/testing';
import { PageProgress, ShopThemeProvider, type Progress } from '@shop/shared-ui';
import { Suspense, useId, type ComponentProps } from 'react';
import { preload } from 'react-dom';
import { Route, Routes } from 'react-router-dom';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { renderRoot } from './render-root.tsx';

// The server build bundles one router; here the tree's `react-router-dom` and the server's `react-router`
// load as two copies of it unless one is the other.
vi.mock('react-router', () => import('react-router-dom'));

// Every loading bar (the frame's, the remote's, the storefront's) is Chakra's Progress: counted as drawn.
const drawnLoadingBar = vi.hoisted(() => vi.fn());
vi.mock('@chakra-ui/react', async (importOriginal) => {
  const chakra = await importOriginal<{ Progress: typeof Progress }>();
  const DrawnRoot = chakra.Progress.Root;
  function CountedRoot(props: ComponentProps<typeof DrawnRoot>) {
    drawnLoadingBar();
    return <DrawnRoot {...props} />;
  }
  return { ...chakra, Progress: { ...chakra.Progress, Root: CountedRoot } };
});

const config = testRuntimeConfig;

/** A storefront page with what a splice could get wrong: an id from useId, a picture React hoists. */
function QuantityField() {
  const id = useId();
  preload('/pictures/first-card.png', { as: 'image' });
  return (
    <p>
      <label htmlFor={id}>Quantity</label>
      <input id={id} defaultValue="1" />
    </p>
  );
}

function TestStorefront({ notFound }: RemoteRoutesProps) {
  return (
    <Suspense fallback={<PageProgress label="Loading the page" suspenseFallback />}>
      <Routes>
        <Route path="/" element={<QuantityField />} />
        <Route path="/cart" element={<PageProgress label="Checking your session" />} />
        <Route path="/products/*" element={<QuantityField />} />
        <Route path="/product/:id" element={<QuantityField />} />
        <Route path="/search" element={<h1>Search</h1>} />
        <Route path="*" element={notFound} />
      </Routes>
    </Suspense>
  );
}

const render = (path: string, keepFrame: boolean) =>
  renderRoot({
    url: new URL(path, 'http://shop.test'),
    config,
    storefront: TestStorefront,
    queryClient: createServerQueryClient(),
    keepFrame,
  });

/** The emotion classes a page's style tags carry, in any order (the kept frame's come first). */
const styleClasses = (styles: string) =>
  [...styles.matchAll(/(?:data-emotion="css(?:-global)? |data-shop-rendered-styles=")([^"]*)"/g)]
    .flatMap((tag) => tag[1]!.split(' '))
    .sort();

const currentLink = (markup: string) => /<a[^>]*aria-current="page"[^>]*>([^<]*)</.exec(markup)?.[1] ?? null;

describe('renderRoot with the frame kept', () => {
  // In this order, each kept frame is first rendered for one address and then reused for the next ones of
  // its kind: a frame reused where it does not belong (the wrong current link) fails the comparison.
  it.each([
    ['/products', 'Products'],
    ['/products/shoes', 'Products'],
    ['/Products/', 'Products'],
    ['/', 'Home'],
    ['/product/123', null],
    ['/searching', null],
    ['/search', 'Search'],
    ['/about', 'About'],
    ['/about/', 'About'],
    ['/login', null],
    ['/cart', null],
    ['/no-such-page', null],
  ])('writes %s as the whole tree renders it (current link: %s)', async (path, current) => {
    const whole = await render(path, false);
    const kept = await render(path, true);
    expect(whole.frameKept).toBe(false);
    expect(kept.frameKept).toBe(true);
    expect(kept.markup).toBe(whole.markup);
    expect(currentLink(kept.markup)).toBe(current);
    expect(styleClasses(kept.styles)).toEqual(styleClasses(whole.styles));
    expect(kept.styles).toHaveLength(whole.styles.length);
  });

  it('keeps the page’s hoisted picture at the top and its ids in place', async () => {
    const { markup, frameKept } = await render('/product/456', true);
    expect(frameKept).toBe(true);
    expect(markup.startsWith('<link rel="preload" href="/pictures/first-card.png" as="image"/>')).toBe(true);
    const field = /<label for="([^"]+)">Quantity<\/label><input id="([^"]+)"/.exec(markup);
    expect(field?.[1]).toBe(field?.[2]);
    expect(markup.indexOf('<header')).toBeLessThan(markup.indexOf('Quantity'));
    expect(markup.indexOf('Quantity')).toBeLessThan(markup.indexOf('<footer'));
    expect(markup).not.toContain('data-shop-part');
  });
});

describe("renderRoot's styles", () => {
  it('names every class of the markup in one tag the browser reads without moving it', async () => {
    // Pages of other classes in turn, each twice: the style tags kept for one set of classes are never
    // another's.
    const pages = ['/product/321', '/cart', '/search', '/product/321', '/cart', '/search'];
    for (const [path, keepFrame] of pages.flatMap((path) =>
      [false, true].map((keep) => [path, keep] as const),
    )) {
      const { markup, styles } = await render(path, keepFrame);
      // Emotion's own attribute on the components' styles would have the browser move the tag (twice).
      expect(styles).not.toMatch(/data-emotion="css /);
      const tags = [...styles.matchAll(/<style data-shop-rendered-styles="([^"]*)">([^<]*)<\/style>/g)];
      expect(tags).toHaveLength(1);
      const [, names, css] = tags[0]!;
      const used = new Set([...markup.matchAll(/\bcss-([a-z0-9]+)/g)].map(([, name]) => name!));
      expect(used.size).toBeGreaterThan(5);
      expect(new Set(names!.split(' '))).toEqual(used);
      for (const name of used) expect(css).toContain(`.css-${name}`);
    }
  });
});

describe('renderRoot and loading states', () => {
  it('draws no loading bar, which a page it sends never shows', async () => {
    // React's prerender draws every Suspense boundary's fallback before its content: the frame's, the
    // remote's and the storefront's loading bars, three of Ark's progress machines a page.
    drawnLoadingBar.mockClear();
    for (const keepFrame of [false, true]) {
      const { markup } = await render('/product/789', keepFrame);
      expect(markup).toContain('Quantity');
      expect(markup).not.toContain('progressbar');
    }
    expect(drawnLoadingBar).not.toHaveBeenCalled();
  });

  it('draws a loading bar that is the page itself, as a guard’s while the session is checked', async () => {
    // A signed-in page is its frame and this bar: without it the footer rose into view (payment page CLS
    // 0.38 on a full load).
    for (const keepFrame of [false, true]) {
      drawnLoadingBar.mockClear();
      const { markup } = await render('/cart', keepFrame);
      expect(markup).toContain('role="progressbar"');
      expect(markup).toContain('Checking your session');
      expect(drawnLoadingBar).toHaveBeenCalledTimes(1);
    }
  });

  it('draws the loading bar wherever it can be shown', () => {
    drawnLoadingBar.mockClear();
    const markup = renderToString(
      <ShopThemeProvider>
        <PageProgress label="Loading the page" suspenseFallback />
      </ShopThemeProvider>,
    );
    expect(markup).toContain('role="progressbar"');
    expect(drawnLoadingBar).toHaveBeenCalledTimes(1);
  });
});
