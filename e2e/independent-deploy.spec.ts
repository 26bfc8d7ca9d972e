import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { appDir, repoRoot } from '../scripts/lib/apps.ts';
import { buildApp } from '../scripts/lib/build-apps.ts';
import { serveStorefront, startOwnShell } from './support/own-shop.ts';
import { e2ePorts } from './support/ports.ts';

const [, , shellPort, storefrontPort] = e2ePorts.spare;
const shellBuildHash = () =>
  createHash('sha256')
    .update(readFileSync(path.join(appDir('shell'), 'dist', 'index.html')))
    .digest('hex');

test('a storefront release reaches the running shell on the next page load, with no shell rebuild', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const announcement = `Festival sale ${Date.now()}: 20% off cameras`;
  const nextRelease = path.join(repoRoot, 'test-results', 'storefront-next-release');
  await buildApp('storefront', { outDir: nextRelease, env: { VITE_STOREFRONT_ANNOUNCEMENT: announcement } });

  const shellBefore = shellBuildHash();
  const shell = await startOwnShell(shellPort!, storefrontPort!);
  let storefront = await serveStorefront(storefrontPort!);
  try {
    await page.goto(`http://localhost:${shellPort}/`);
    await expect(page.getByTestId('announcement')).not.toHaveText(announcement);

    // The storefront team deploys alone: stop the old release, start the new one on the same address.
    await storefront.close();
    storefront = await serveStorefront(storefrontPort!, nextRelease);

    await page.reload();
    await expect(page.getByTestId('announcement')).toHaveText(announcement);
    expect(shellBuildHash()).toBe(shellBefore);
  } finally {
    await storefront.close();
    await shell.close();
  }
});
