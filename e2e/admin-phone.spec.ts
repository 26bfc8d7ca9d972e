import { expect, test, type Page } from '@playwright/test';
import {
  adminPageReady,
  createProductViaApi,
  moveOrderViaApi,
  newShopper,
  placeOrderViaApi,
} from './support/admin-shop.ts';
import { beyondRightEdge, expectWithinScreen, pageWidth, textLines } from './support/screen-fit.ts';
import { demoAdmin, expectNoSeriousA11yViolations, loginViaUi } from './support/shell-session.ts';

/** The admin panel on a phone (issue 23): every page fits the screen, nothing is cut off or hidden. */
const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE });

const stamp = () => Date.now().toString(36);

/** Nothing of the page passes the screen's right edge. */
async function expectFitsScreen(page: Page, what: string) {
  const screen = page.viewportSize()!.width;
  expect(await pageWidth(page), `${what}: page width`).toBeLessThanOrEqual(screen);
  expect(await beyondRightEdge(page), `${what}: cut off at the right edge`).toEqual([]);
}

test('the order page fits a phone at every status, item names wrapping as text does', async ({
  page,
  request,
}) => {
  const product = await createProductViaApi(request, `E2E Weatherproof Camera Backpack ${stamp()}`);
  const buyer = await newShopper(request, 'phone-order');
  const orderId = await placeOrderViaApi(request, buyer, product);
  await loginViaUi(page, demoAdmin);

  for (const status of ['Processing', 'Shipped', 'Delivered'] as const) {
    if (status !== 'Processing') await moveOrderViaApi(request, orderId, status);
    await page.goto(`/admin/order/${orderId}`);
    await adminPageReady(page, `Order ${orderId.slice(-8)}`);
    await expect(page.getByText(status, { exact: true }).first()).toBeVisible();
    await expectFitsScreen(page, status);
    // Five words on a phone's width take two lines, not five (one word a line when squeezed).
    const name = page.getByRole('link', { name: product.name });
    await expectWithinScreen(name);
    expect(await textLines(name), `${status}: lines of “${product.name}”`).toBeLessThanOrEqual(2);
  }
  await expectNoSeriousA11yViolations(page, 'the order on a phone');
});
