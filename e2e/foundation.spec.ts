import { expect, test, type Request } from '@playwright/test';
import { e2ePorts } from './support/ports.ts';

const fromPort = (port: number) => (request: Request) => new URL(request.url()).port === String(port);

test('the frame renders and the home page comes from the storefront remote', async ({ page }) => {
  const storefrontRequests: string[] = [];
  page.on('request', (request) => {
    if (fromPort(e2ePorts.storefront)(request)) storefrontRequests.push(request.url());
  });
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  const remote = page.locator('[data-remote="storefront"]');
  await expect(remote.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(remote.getByRole('link', { name: 'View All Products' })).toHaveAttribute('href', '/products');
  // The release's own manifest (pinned by the page that was rendered with it) or the live one.
  expect(storefrontRequests.some((url) => /\/mf-manifest(-[0-9a-f]{12})?\.json$/.test(url))).toBe(true);
  expect(storefrontRequests.some((url) => /remoteEntry-[\w-]+\.js$/.test(url))).toBe(true);
});

test('shared packages load once: the remote downloads no copy of React, the router or the workspace packages', async ({
  page,
}) => {
  const remoteScripts: { url: string; bytes: number }[] = [];
  page.on('response', async (response) => {
    const request = response.request();
    if (request.resourceType() === 'script' && fromPort(e2ePorts.storefront)(request))
      remoteScripts.push({
        url: request.url(),
        bytes: (await response.body().catch(() => Buffer.alloc(0))).length,
      });
  });
  await page.goto('/');
  await expect(page.locator('[data-remote="storefront"] h1')).toBeVisible();
  await page.waitForLoadState('networkidle');
  // A remote's own copy of a shared package is emitted as a `__prebuild__` fallback chunk. The workspace
  // packages (`@shop/shared-*`, which carry the design system's Chakra) are `import: false` in remotes:
  // their `loadShare` chunks are stubs of 1-5 KB (the router's re-exports its ~15 names) that ask the
  // runtime for the shell's copy (the manifest lists them with the routes module, so they are preloaded);
  // a copy of a package would be far larger (the trimmed router alone is ~45 KB raw).
  const copies = remoteScripts
    .filter(
      ({ url, bytes }) =>
        url.includes('__prebuild__') || (url.includes('_mf_0_shop_mf_1_shared') && bytes > 8192),
    )
    .map(({ url }) => url);
  expect(copies).toEqual([]);
  expect(remoteScripts.some(({ url }) => url.includes('StorefrontRoutes'))).toBe(true);
});

test("a guest's visits request nothing from the admin remote", async ({ page }) => {
  const adminRequests: string[] = [];
  page.on('request', (request) => {
    if (fromPort(e2ePorts.admin)(request)) adminRequests.push(request.url());
  });
  await page.goto('/');
  await expect(page.locator('[data-remote="storefront"] h1')).toBeVisible();
  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL(/\/login/);
  await page.waitForLoadState('networkidle');
  expect(adminRequests).toEqual([]);
});

test("an unknown path shows the shell's Page Not Found with a Home link", async ({ page }) => {
  await page.goto('/no-such-page/anywhere');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await page.getByRole('link', { name: 'Home' }).last().click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('[data-remote="storefront"] h1')).toBeVisible();
});

test('one session store in the page: the user the shell signs in is the user the storefront greets', async ({
  page,
  request,
}) => {
  const login = await request.post(`http://localhost:${e2ePorts.api}/api/v1/auth/login`, {
    data: { email: 'shopper@example.com', password: 'Shopper12345' },
  });
  const { user } = (await login.json()) as { user: { name: string } };

  await page.goto('/login');
  await page.getByLabel('Email').fill('shopper@example.com');
  await page.getByLabel('Password').fill('Shopper12345');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/account$/);

  // The shell's session store set the user; the storefront's component reads the same store instance.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
  await expect(page.locator('[data-remote="storefront"]').getByTestId('welcome-back')).toHaveText(
    `Welcome back, ${user.name}`,
  );
});
