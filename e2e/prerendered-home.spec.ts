import { expect, test } from '@playwright/test';
import { layoutShiftTotal, recordLayoutShifts } from './support/layout-shifts.ts';

// The home page is served prerendered (scripts/lib/shell-document.ts): it paints before any of its
// JavaScript is fetched, and React then takes the page over without moving it (docs/performance.md).

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

  const timings = await page.evaluate(() => {
    const paint = performance.getEntriesByName('first-contentful-paint')[0];
    const scripts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((entry) => /\.js(\?|$)/.test(entry.name))
      .map((entry) => ({ url: entry.name, startTime: entry.startTime }));
    return { firstPaint: paint?.startTime ?? null, scripts };
  });
  expect(timings.firstPaint).not.toBeNull();
  expect(timings.scripts.length).toBeGreaterThan(0);
  const early = timings.scripts.filter((script) => script.startTime < timings.firstPaint!);
  expect(early, 'scripts fetched before the first paint').toEqual([]);

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
