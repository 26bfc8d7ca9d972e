import { expect, test } from '@playwright/test';
import { startShop } from '../scripts/lib/shop-process.ts';
import { e2ePorts } from './support/ports.ts';
import { demoAdmin, loginViaUi } from './support/shell-session.ts';

// `pnpm dev` (README, "Development"): the api and the three Vite dev servers, assembled as a developer
// runs them. Nothing else in the suite starts a dev server, and a change that only the dev servers meet
// (Vite's dependency optimizer, which cannot load a module id with a query, once stopped them at start-up)
// would otherwise reach the next developer unseen. On spare ports, with an empty database of its own.
const [shellPort, storefrontPort, adminPort] = e2ePorts.spare;
const shellUrl = `http://localhost:${shellPort}`;

let devShop: Awaited<ReturnType<typeof startShop>> | undefined;

test.beforeAll(async () => {
  test.setTimeout(260_000);
  devShop = await startShop(
    { shell: shellPort, storefront: storefrontPort, admin: adminPort, api: e2ePorts.spareApi },
    { AUTH_RATE_LIMIT: '1000' },
    { script: 'dev' },
  );
});

test.afterAll(async () => {
  await devShop?.stop();
});

test('pnpm dev serves the assembled shop: the catalog, its filters and the admin panel', async ({ page }) => {
  // The first requests make Vite optimise the dependencies and compile each module.
  test.setTimeout(240_000);
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));

  // The dev shell's config.json names the remotes and api on the ports it was started with.
  const config = (await (await page.request.get(`${shellUrl}/config.json`)).json()) as {
    apiBaseUrl: string;
    remotes: Record<string, string>;
  };
  expect(config.apiBaseUrl).toBe(`http://localhost:${e2ePorts.spareApi}/api/v1`);
  expect(config.remotes.storefront).toBe(`http://localhost:${storefrontPort}/mf-manifest.json`);

  await page.goto(shellUrl, { timeout: 120_000 });
  const featured = page.getByRole('list', { name: 'Featured products' });
  await expect(featured.getByTestId('product-card').first()).toBeVisible({ timeout: 120_000 });

  // The price slider is an on-demand entry of the design system, styled by the recipe it carries.
  await page.goto(`${shellUrl}/products`);
  await expect(page.getByRole('slider', { name: 'Maximum price' })).toBeVisible({ timeout: 60_000 });

  // The admin panel's tables load from a chunk of their own.
  await page.goto(`${shellUrl}/login`);
  await loginViaUi(page, demoAdmin);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await page.goto(`${shellUrl}/admin/products`);
  const table = page.locator('[data-remote="admin"]').getByRole('table');
  await expect(table.getByRole('row').nth(1)).toBeVisible({ timeout: 60_000 });
  await expect(table).toHaveClass(/chakra-table__root/);

  expect(pageErrors).toEqual([]);
});
