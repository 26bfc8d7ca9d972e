import { cpSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { appDir, repoRoot } from '../scripts/lib/apps.ts';
import { serveStorefront, startOwnShell } from './support/own-shop.ts';
import { e2ePorts } from './support/ports.ts';

const [shellPort, storefrontPort] = e2ePorts.spare;
const built = path.join(appDir('storefront'), 'dist');
const shellRouterVersion = (
  JSON.parse(readFileSync(path.join(appDir('shell'), 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  }
).dependencies['react-router-dom']!;

interface ManifestShare {
  name: string;
  version: string;
  requiredVersion: string;
}

/**
 * A copy of the storefront's release as if it had been built against another react-router-dom: its
 * manifest and its remote entry's share map declare that version and range (the code inside is the same;
 * what the shell decides on is what the release declares).
 */
function storefrontBuiltWithRouter(version: string, requiredVersion: string): string {
  const dir = path.join(repoRoot, 'test-results', `storefront-router-${version}`);
  rmSync(dir, { recursive: true, force: true });
  cpSync(built, dir, { recursive: true });
  // Served files are chosen over their precompressed copies only when those are gone.
  for (const file of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    if (file.endsWith('.gz') || file.endsWith('.br')) rmSync(path.join(dir, file));
  }
  const manifestFile = path.join(dir, 'mf-manifest.json');
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as { shared: ManifestShare[] };
  const router = manifest.shared.find((share) => share.name === 'react-router-dom')!;
  const before = router.version;
  Object.assign(router, { version, requiredVersion });
  writeFileSync(manifestFile, JSON.stringify(manifest));
  const assets = path.join(dir, 'assets');
  const shareMap = readdirSync(assets).find((file) => file.startsWith('_virtual_mf-localSharedImportMap'))!;
  const source = readFileSync(path.join(assets, shareMap), 'utf8');
  const declared = `"react-router-dom":{name:\`react-router-dom\`,version:\`${before}\``;
  expect(source).toContain(declared);
  writeFileSync(
    path.join(assets, shareMap),
    source
      .replace(declared, `"react-router-dom":{name:\`react-router-dom\`,version:\`${version}\``)
      .replace(/(requiredVersion:`)\^7\.0\.0(`)/, `$1${requiredVersion}$2`),
  );
  return dir;
}

/** Scripts the page fetched from the storefront's own copies of shared packages (`__prebuild__` chunks). */
function recordStorefrontCopies(page: Page): string[] {
  const copies: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (url.startsWith(`http://localhost:${storefrontPort}/`) && url.includes('__prebuild__'))
      copies.push(url);
  });
  return copies;
}

test('a storefront built against a newer minor of react-router-dom runs on the shell’s single copy', async ({
  page,
}) => {
  const storefront = await serveStorefront(storefrontPort!, storefrontBuiltWithRouter('7.99.0', '^7.0.0'));
  const shell = await startOwnShell(shellPort!, storefrontPort!);
  const copies = recordStorefrontCopies(page);
  try {
    await page.goto(`http://localhost:${shellPort}/`);
    await expect(page.locator('[data-remote="storefront"] h1')).toBeVisible();
    // Client-side navigation works: the storefront's links and the shell's router are one router.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Products' }).click();
    await expect(page).toHaveURL(/\/products$/);
    await expect(page.locator('[data-remote="storefront"] h1')).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'needs an update' })).toHaveCount(0);
    expect(copies).toEqual([]);
  } finally {
    await storefront.close();
    await shell.close();
  }
});

test('a storefront built against another major is refused inside the frame, with a log line', async ({
  page,
}) => {
  const storefront = await serveStorefront(storefrontPort!, storefrontBuiltWithRouter('8.0.0', '^8.0.0'));
  const shell = await startOwnShell(shellPort!, storefrontPort!);
  const copies = recordStorefrontCopies(page);
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  try {
    await page.goto(`http://localhost:${shellPort}/`);
    await expect(page.getByRole('heading', { name: 'The storefront needs an update' })).toBeVisible();
    await expect(page.getByTestId('version-skew')).toContainText(
      `built for react-router-dom 8.0.0, but the shop runs react-router-dom ${shellRouterVersion}`,
    );
    await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Contact us' })).toBeVisible();
    expect(
      errors.some((line) => line.includes('[shop] version skew') && line.includes('react-router-dom')),
    ).toBe(true);
    // None of the release's code ran: no storefront markup, no copy of React or the router downloaded.
    await expect(page.locator('[data-remote="storefront"]')).toHaveCount(0);
    expect(copies).toEqual([]);

    // The rest of the shop works around it.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' }).click();
    await expect(page.getByRole('heading', { name: 'About Us' })).toBeVisible();
  } finally {
    await storefront.close();
    await shell.close();
  }
});
