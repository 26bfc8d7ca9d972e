import { expect, type Locator, type Page } from '@playwright/test';

/**
 * What a phone's screen shows and cuts off, measured in the page: whether a page is wider than the
 * screen, which of its elements reach past the right edge (cut off, or behind a sideways scroll with
 * nothing to say it is there), how many lines a text takes, and at what size a text is drawn.
 */

/** The page's width: wider than the screen means the whole page scrolls sideways. */
export function pageWidth(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth);
}

/** Elements of the admin's page that end past the screen's right edge, named for the failure message. */
export function beyondRightEdge(page: Page): Promise<string[]> {
  return page.locator('[data-remote="admin"]').evaluate((root) => {
    const edge = document.documentElement.clientWidth;
    return [...root.querySelectorAll('*')].flatMap((element) => {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || box.right <= edge + 0.5) return [];
      const text = (element.textContent ?? '').trim().slice(0, 30);
      return [`<${element.tagName.toLowerCase()}> “${text}” ends at ${Math.round(box.right)} px`];
    });
  });
}

/** The element is shown, and whole between the screen's left and right edges. */
export async function expectWithinScreen(locator: Locator): Promise<void> {
  await expect(locator).toBeVisible();
  const box = await locator.boundingBox();
  const width = await locator.page().evaluate(() => document.documentElement.clientWidth);
  expect(box, 'drawn').not.toBeNull();
  expect(box!.x, 'left edge').toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, `right edge of a screen ${width} px wide`).toBeLessThanOrEqual(width + 0.5);
}

/** How many lines the element's text is drawn on (its text's boxes, one or more a line). */
export function textLines(locator: Locator): Promise<number> {
  return locator.evaluate((element) => {
    const tops = new Set<number>();
    const texts = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let text = texts.nextNode(); text; text = texts.nextNode()) {
      const range = document.createRange();
      range.selectNodeContents(text);
      for (const box of range.getClientRects()) if (box.width > 0) tops.add(Math.round(box.top));
    }
    return tops.size;
  });
}

/**
 * Every text shown inside the element with the size it is drawn at in CSS pixels: an SVG text is scaled
 * with its drawing (a 720-unit-wide chart drawn 300 px wide shrinks its 11-unit labels to 4.6 px).
 * Folded `<details>` content is not shown and not counted.
 */
export function drawnTextSizes(locator: Locator): Promise<{ text: string; px: number }[]> {
  return locator.evaluate((root) =>
    [...root.querySelectorAll('*')].flatMap((element) => {
      const own = [...element.childNodes]
        .filter((node) => node.nodeType === Node.TEXT_NODE)
        .map((node) => node.textContent ?? '')
        .join('')
        .trim();
      const box = element.getBoundingClientRect();
      const folded = element.closest('title, details:not([open]) > :not(summary)');
      if (!own || box.width === 0 || box.height === 0 || folded) return [];
      const size = parseFloat(getComputedStyle(element).fontSize);
      const scale = element instanceof SVGGraphicsElement ? (element.getScreenCTM()?.d ?? 1) : 1;
      return [{ text: own, px: Math.round(size * scale * 10) / 10 }];
    }),
  );
}
