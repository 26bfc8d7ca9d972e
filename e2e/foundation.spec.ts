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
  expect(storefrontRequests.some((url) => url.endsWith('/mf-manifest.json'))).toBe(true);
  expect(storefrontRequests.some((url) => /remoteEntry-[\w-]+\.js$/.test(url))).toBe(true);
});

test('shared packages load once: the remote downloads no copy of React, the router or the workspace packages', async ({
  page,
}) => {
  const remoteScripts: { url: string; bytes: Promise<number> }[] = [];
  page.on('response', (response) => {
    const request = response.request();
    if (request.resourceType() === 'script' && fromPort(e2ePorts.storefront)(request))
      remoteScripts.push({ url: response.url(), bytes: response.body().then((body) => body.length) });
  });
  await page.goto('/');
  await expect(page.locator('[data-remote="storefront"] h1')).toBeVisible();
  // A remote's own copy of a shared package is emitted as a `__prebuild__` fallback chunk: none may leave
  // the remote's server, the shell provides every share first. A workspace package the remote imports by
  // name gets a `loadShare` chunk named after it, which must stay a stub that binds the shell's copy
  // (a few KB), never the package itself (shared-ui alone carries ~170 KB of Chakra).
  const copies = remoteScripts.filter(({ url }) => url.includes('__prebuild__')).map(({ url }) => url);
  expect(copies).toEqual([]);
  for (const script of remoteScripts.filter(({ url }) => url.includes('_mf_0_shop_mf_1_shared'))) {
    expect(await script.bytes, script.url).toBeLessThan(8 * 1024);
  }
  const remoteUrls = remoteScripts.map(({ url }) => url);
  expect(remoteUrls.some((url) => url.includes('StorefrontRoutes'))).toBe(true);
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
