import type { Page } from '@playwright/test';

/**
 * Issues 12's and 22's goals for a page (median of three Lighthouse mobile runs; bytes are JS gzip level 6).
 * Issue 22 raised them for the server-rendered storefront pages: LCP 1.0 s, TBT under 100 ms, CLS under 0.01,
 * performance and SEO 100, and no more JS than before.
 */
export interface PageGoal {
  jsGzipKb?: number;
  scriptRequests?: number;
  performance?: number;
  lcpMs?: number;
  cls?: number;
  tbtMs?: number;
  seo?: number;
  /** A goal said in words (what may come on top of another page's bytes). */
  note?: string;
}

export interface BenchPage {
  /** How the table names it. */
  name: string;
  who: 'guest' | 'shopper' | 'admin';
  /** The address measured; for signed-in pages the state is set up first by `prepare`. */
  path: string;
  goal: PageGoal;
  /** Signs in and walks to the state the page needs (cart, confirmed order), in this tab. */
  prepare?: (page: Page, shellUrl: string) => Promise<void>;
}

const demoShopper = { email: 'shopper@example.com', password: 'Shopper12345' };
const demoAdmin = { email: 'admin@example.com', password: 'Admin12345' };

async function signIn(page: Page, shellUrl: string, account: { email: string; password: string }) {
  await page.goto(`${shellUrl}/login`);
  await page.getByRole('tab', { name: 'LOGIN' }).click();
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

/** A shopper with one product in the cart, shipping filled and the order confirmed: on Card Info. */
async function toPayment(page: Page, shellUrl: string, productId: string) {
  await signIn(page, shellUrl, demoShopper);
  await page.goto(`${shellUrl}/product/${productId}`);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await page.getByTestId('toast').filter({ hasText: 'Item Added To Cart' }).waitFor();
  await page.goto(`${shellUrl}/cart`);
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await page.waitForURL(/\/shipping$/);
  await page.getByLabel('Address').fill('12 MG Road');
  await page.getByLabel('City').fill('Bengaluru');
  await page.getByLabel('Pin Code').fill('560001');
  await page.getByLabel('Phone Number').fill('9876543210');
  await page.getByLabel('Country').selectOption('India');
  await page.getByLabel('State').selectOption('Karnataka');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL(/\/order\/confirm$/);
  await page.getByRole('button', { name: 'Proceed To Payment' }).click();
  await page.waitForURL(/\/process\/payment$/);
  await page.getByRole('heading', { name: 'Card Info' }).waitFor();
}

const catalogGoal: PageGoal = {
  jsGzipKb: 280,
  scriptRequests: 22,
  performance: 100,
  lcpMs: 1000,
  cls: 0.01,
  tbtMs: 100,
  seo: 100,
};

/** The pages of issue 12's table, with a product id read from the api. */
export function benchPages(productId: string): BenchPage[] {
  return [
    {
      name: '/',
      who: 'guest',
      path: '/',
      goal: {
        // Issue 22: no more than 247 KB on the page most visits land on (issue 12 asked for 250).
        jsGzipKb: 247,
        scriptRequests: 20,
        performance: 100,
        lcpMs: 1000,
        cls: 0.01,
        tbtMs: 100,
        seo: 100,
      },
    },
    { name: '/products', who: 'guest', path: '/products', goal: catalogGoal },
    { name: '/product/:id', who: 'guest', path: `/product/${productId}`, goal: catalogGoal },
    { name: '/about', who: 'guest', path: '/about', goal: {} },
    // 'Page Not Found' is drawn by the storefront's routes: the frame must not jump while they resolve.
    { name: 'unknown path', who: 'guest', path: '/no-such-page/anywhere', goal: { cls: 0.02 } },
    {
      name: '/process/payment',
      who: 'shopper',
      path: '/process/payment',
      goal: { performance: 90, note: "the card field's own chunk on top of a catalog page" },
      prepare: (page, shellUrl) => toPayment(page, shellUrl, productId),
    },
    {
      name: '/admin/dashboard',
      who: 'admin',
      path: '/admin/dashboard',
      goal: { performance: 90, note: 'report; the chart library loads only here' },
      prepare: (page, shellUrl) => signIn(page, shellUrl, demoAdmin),
    },
  ];
}
