import { chromium, type Page } from '@playwright/test';
import { chromiumLaunchOptions } from './chromium.ts';
import { failureOf } from './journey-failure.ts';

/** One journey of the gate: its name, and what it does in a page of the shop (throws when it fails). */
interface Journey {
  name: string;
  run(page: Page, shopUrl: string): Promise<void>;
}

const STEP_MS = 15_000;

const visible = (page: Page, selector: Parameters<Page['getByRole']>[0], name: string | RegExp) =>
  page.getByRole(selector, { name }).first().waitFor({ state: 'visible', timeout: STEP_MS });

/**
 * The storefront's page is there and its code runs: a server-rendered page shows its markup before (or
 * without) the release's code, so the journey waits for React to hold it.
 */
async function storefrontShown(page: Page) {
  await page.waitForFunction(
    () => {
      const element = document.querySelector('[data-remote="storefront"]');
      const failed = [...document.querySelectorAll('h1, h2')].some((node) =>
        /is unavailable|needs an update/.test(node.textContent ?? ''),
      );
      const held = element && Object.keys(element).some((key) => key.startsWith('__reactFiber$'));
      return failed || (held && element.querySelector('h1'));
    },
    undefined,
    { timeout: STEP_MS },
  );
  if (await page.getByRole('heading', { name: /is unavailable|needs an update/ }).count())
    throw new Error('the storefront did not load: the page says it is unavailable');
}

/** The shopper's journeys through the storefront: the release must take every one to its end. */
export const STOREFRONT_JOURNEYS: Journey[] = [
  {
    name: 'home',
    async run(page, shopUrl) {
      await page.goto(`${shopUrl}/`);
      await storefrontShown(page);
      await page
        .getByRole('list', { name: 'Featured products' })
        .getByRole('link')
        .first()
        .waitFor({ timeout: STEP_MS });
    },
  },
  {
    name: 'catalog',
    async run(page, shopUrl) {
      await page.goto(`${shopUrl}/products`);
      await storefrontShown(page);
      await page.getByTestId('product-card').first().waitFor({ timeout: STEP_MS });
      await page
        .getByRole('navigation', { name: 'Product pages' })
        .getByRole('button', { name: 'Page 2' })
        .click();
      await page.waitForURL(/page=2/, { timeout: STEP_MS });
    },
  },
  {
    name: 'product',
    async run(page, shopUrl) {
      await page.goto(`${shopUrl}/products`);
      await storefrontShown(page);
      await page.getByTestId('product-card').first().getByRole('link').first().click();
      await page.waitForURL(/\/product\/[0-9a-f]{24}$/, { timeout: STEP_MS });
      await visible(page, 'button', 'Add to Cart');
    },
  },
  {
    name: 'cart and checkout with the local card',
    async run(page, shopUrl) {
      const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
      await page.goto(`${shopUrl}/login`);
      await page.getByRole('tab', { name: 'REGISTER' }).click();
      await page.getByLabel('Name', { exact: true }).fill('Release Check');
      await page.getByLabel('Email', { exact: true }).fill(`release-check-${id}@example.com`);
      await page.getByLabel('Password', { exact: true }).fill('Release-12345');
      await page.getByRole('button', { name: 'Register', exact: true }).click();
      await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: STEP_MS });
      await page.goto(`${shopUrl}/products?category=Tops`);
      // A product a shopper can buy: the newest may have sold out (this journey buys one each time it runs).
      await page
        .getByTestId('product-card')
        .filter({ hasNotText: 'Out of Stock' })
        .first()
        .getByRole('link')
        .first()
        .click();
      await page.getByRole('button', { name: 'Add to Cart' }).click();
      await page.getByTestId('toast').filter({ hasText: 'Item Added To Cart' }).waitFor({ timeout: STEP_MS });
      await page.goto(`${shopUrl}/cart`);
      await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
      await page.getByLabel('Address').fill('12 MG Road');
      await page.getByLabel('City').fill('Bengaluru');
      await page.getByLabel('Pin Code').fill('560001');
      await page.getByLabel('Phone Number').fill('9876543210');
      await page.getByLabel('Country').selectOption('India');
      await page.getByLabel('State').selectOption('Karnataka');
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByRole('button', { name: 'Proceed To Payment' }).click();
      await page.getByLabel('Card number').fill('4242 4242 4242 4242');
      await page.getByLabel('Expiry').fill('12/34');
      await page.getByLabel('CVC').fill('123');
      await page.getByRole('button', { name: /^Pay - / }).click();
      await visible(page, 'heading', 'Order Placed Successfully');
    },
  },
];

/** The admin's journey: the panel loads and shows its dashboard. */
export const ADMIN_JOURNEYS: Journey[] = [
  {
    name: 'admin dashboard',
    async run(page, shopUrl) {
      await page.goto(`${shopUrl}/login`);
      await page
        .getByLabel('Email', { exact: true })
        .fill(process.env.CHECK_ADMIN_EMAIL ?? 'admin@example.com');
      await page
        .getByLabel('Password', { exact: true })
        .fill(process.env.CHECK_ADMIN_PASSWORD ?? 'Admin12345');
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: STEP_MS });
      await page.goto(`${shopUrl}/admin/dashboard`);
      await visible(page, 'heading', 'Dashboard');
    },
  },
];

/**
 * Runs each journey in a fresh browser context; one line per journey, '✓' or '✗' with why. The first that
 * fails ends the run (the release is refused either way): the others say they were not run.
 */
export async function runJourneys(journeys: readonly Journey[], shopUrl: string): Promise<string[]> {
  const browser = await chromium.launch(chromiumLaunchOptions());
  const lines: string[] = [];
  try {
    for (const journey of journeys) {
      if (lines.some((line) => line.startsWith('✗'))) {
        lines.push(`✗ ${journey.name}: not run`);
        continue;
      }
      const context = await browser.newContext();
      context.setDefaultTimeout(STEP_MS);
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      const started = Date.now();
      try {
        await journey.run(page, shopUrl);
        lines.push(`✓ ${journey.name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
      } catch (error) {
        const why = failureOf(error);
        lines.push(`✗ ${journey.name}: ${why}${errors.length ? ` (page error: ${errors[0]})` : ''}`);
      } finally {
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
  return lines;
}
