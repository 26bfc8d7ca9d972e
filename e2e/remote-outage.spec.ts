import { expect, test } from '@playwright/test';
import type { ServedApp } from '../scripts/lib/serve-app.ts';
import { serveStorefront, startOwnShell } from './support/own-shop.ts';
import { e2ePorts } from './support/ports.ts';

const [shellPort, storefrontPort] = e2ePorts.spare;

test('a storefront outage is contained in the frame, and Retry brings it back', async ({ page }) => {
  const shell = await startOwnShell(shellPort!, storefrontPort!);
  let storefront: ServedApp | undefined;
  try {
    await page.goto(`http://localhost:${shellPort}/`);
    await expect(page.getByRole('heading', { name: 'The storefront is unavailable' })).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav).toBeVisible();

    await nav.getByRole('link', { name: 'About' }).click();
    await expect(page.getByRole('heading', { name: 'About Us' })).toBeVisible();
    await nav.getByRole('link', { name: 'Home' }).click();
    await expect(page.getByRole('heading', { name: 'The storefront is unavailable' })).toBeVisible();

    storefront = await serveStorefront(storefrontPort!);
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.locator('[data-remote="storefront"] h1')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'The storefront is unavailable' })).toHaveCount(0);
  } finally {
    await storefront?.close();
    await shell.close();
  }
});
