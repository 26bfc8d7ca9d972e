import { expect, test, type Page } from '@playwright/test';
import { FIRST_PICTURE_ATTRIBUTE } from '@shop/shared-contract';
import { SCREENS } from '../scripts/bench/page-weight.ts';
import { layoutShiftTotal, recordLayoutShifts } from './support/layout-shifts.ts';
import { productList, storefront } from './support/storefront.ts';

// The home page, the plain catalog and a product page are served prerendered (scripts/lib/shell-document.ts):
// they paint before any of their JavaScript is fetched, and React then takes the page over without moving
// it (docs/performance.md, rounds 4 and 6).

/** The scripts the page fetched before its first paint. */
async function scriptsBeforeFirstPaint(page: Page) {
  const timings = await page.evaluate(() => {
    const paint = performance.getEntriesByName('first-contentful-paint')[0];
    const scripts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((entry) => /\.js(\?|$)/.test(entry.name))
      .map((entry) => ({ url: entry.name, startTime: entry.startTime }));
    return { firstPaint: paint?.startTime ?? null, scripts };
  });
  expect(timings.firstPaint).not.toBeNull();
  expect(timings.scripts.length).toBeGreaterThan(0);
  return timings.scripts.filter((script) => script.startTime < timings.firstPaint!);
}

test('the home page paints before any JavaScript is fetched, then React takes it over in place', async ({
  page,
}) => {
  await recordLayoutShifts(page);
  const served = await (await page.request.get('/')).text();
  expect(served).toContain('Featured Products');

  await page.goto('/');
  // Only React draws the products (they come from the api), so they show that the app has taken over.
  await expect(
    page.getByRole('list', { name: 'Featured products' }).getByRole('listitem').first(),
  ).toBeVisible();
  expect(await scriptsBeforeFirstPaint(page), 'scripts fetched before the first paint').toEqual([]);
  expect(await layoutShiftTotal(page)).toBeLessThan(0.02);
});

// The deploy step ships the design system's global styles (reset, tokens) in the page; the app then neither
// builds nor inserts them again (shared-ui/src/theme-provider.tsx), on pages with and without a prerender.
for (const address of ['/', '/products']) {
  test(`${address} styles come from the page's shipped stylesheet, once`, async ({ page }) => {
    await page.goto(address);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const styles = await page.evaluate(() => ({
      brandSolid: getComputedStyle(document.documentElement).getPropertyValue('--chakra-colors-brand-solid'),
      stylesheetsWithTokens: [...document.querySelectorAll('style')].filter((style) =>
        [...(style.sheet?.cssRules ?? [])].some((rule) => /--chakra-colors-brand-500:/.test(rule.cssText)),
      ).length,
      shipped: document.querySelector('head > style#shop-global-styles') !== null,
    }));
    expect(styles).toEqual({
      brandSolid: expect.stringMatching(/^#|rgb/),
      stylesheetsWithTokens: 1,
      shipped: true,
    });
  });
}

// The catalog's and a product page's prerenders are their loading skeletons; the boot script (shell/index.html)
// draws the first api answer's pictures into their picture boxes, so the page's largest content shows before
// any JavaScript has run; the page then draws the same picture in the same place, from that same answer.
// On the screens the page budget and `pnpm bench` weigh pages on (Lighthouse's phone, a desktop).
for (const pageName of ['catalog', 'product page'] as const) {
  for (const [screenName, screen] of Object.entries(SCREENS)) {
    test(`the ${pageName} on a ${screenName} shows its first picture before any JavaScript, and keeps it in place`, async ({
      page,
      request,
    }) => {
      const first = (await productList(request)).products[0]!;
      const picture = first.images[0]!.url;
      const address = pageName === 'catalog' ? '/products' : `/product/${first._id}`;
      await page.setViewportSize(screen);

      await page.route(/\.js(\?|$)/, (route) => route.abort());
      await page.goto(address);
      const early = page.locator(`[${FIRST_PICTURE_ATTRIBUTE}="0"] > img`);
      await expect(early).toHaveAttribute('src', picture);
      await expect(early).toHaveJSProperty('complete', true);
      const earlyBox = await early.boundingBox();
      expect(earlyBox).not.toBeNull();
      await page.unrouteAll();

      // Every frame from the first byte: once the picture has shown, is it ever missing?
      await recordLayoutShifts(page);
      await page.addInitScript((url) => {
        const record = { shown: false, missingFrames: 0 };
        (window as unknown as { shopPicture: typeof record }).shopPicture = record;
        const look = () => {
          const drawn = document.querySelector(`#root img[src="${url}"]`) !== null;
          if (drawn) record.shown = true;
          else if (record.shown) record.missingFrames += 1;
          requestAnimationFrame(look);
        };
        requestAnimationFrame(look);
      }, picture);
      await page.goto(address);
      const loaded =
        pageName === 'catalog'
          ? storefront(page).getByRole('link', { name: first.name }).first()
          : page.getByRole('heading', { name: first.name, level: 1 });
      await expect(loaded).toBeVisible();
      const drawnByReact = storefront(page).getByRole('img', { name: first.name }).first();
      await expect(drawnByReact).toHaveAttribute('src', picture);
      expect(await drawnByReact.boundingBox()).toEqual(earlyBox);
      const record = await page.evaluate(
        () => (window as unknown as { shopPicture: { shown: boolean; missingFrames: number } }).shopPicture,
      );
      expect(record).toEqual({ shown: true, missingFrames: 0 });
      expect(await scriptsBeforeFirstPaint(page), 'scripts fetched before the first paint').toEqual([]);
      expect(await layoutShiftTotal(page)).toBeLessThan(0.02);
    });
  }
}
