import { cpSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { SERVER_MANIFEST_FILE, type ServerManifest } from '@shop/shared-contract';
import { appDir, repoRoot } from '../scripts/lib/apps.ts';
import { serveStorefront, startOwnShell } from './support/own-shop.ts';
import { e2ePorts } from './support/ports.ts';

const [shellPort, storefrontPort] = e2ePorts.spare;
const built = path.join(appDir('storefront'), 'dist');
const shellReactVersion = (
  JSON.parse(readFileSync(path.join(appDir('shell'), 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  }
).dependencies.react!;

interface ManifestShare {
  name: string;
  version: string;
  requiredVersion: string;
}

/**
 * A copy of the storefront's release as if it had been built against another React: its
 * manifest and its remote entry's share map declare that version and range (the code inside is the same;
 * what the shell decides on is what the release declares).
 */
function storefrontBuiltWithReact(version: string, requiredVersion: string): string {
  const dir = path.join(repoRoot, 'test-results', `storefront-react-${version}`);
  rmSync(dir, { recursive: true, force: true });
  cpSync(built, dir, { recursive: true });
  // Served files are chosen over their precompressed copies only when those are gone.
  for (const file of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    if (file.endsWith('.gz') || file.endsWith('.br')) rmSync(path.join(dir, file));
  }
  // The browser's manifest, its pinned copy (which pages the server renders point at) and the server
  // entry's manifest (which the page server checks) all declare what this release was built against.
  const serverManifestFile = path.join(dir, SERVER_MANIFEST_FILE);
  const serverManifest = JSON.parse(readFileSync(serverManifestFile, 'utf8')) as ServerManifest;
  const manifest = JSON.parse(readFileSync(path.join(dir, 'mf-manifest.json'), 'utf8')) as {
    shared: ManifestShare[];
  };
  const react = manifest.shared.find((share) => share.name === 'react')!;
  const before = react.version;
  Object.assign(react, { version, requiredVersion });
  for (const file of ['mf-manifest.json', serverManifest.browserManifest])
    writeFileSync(path.join(dir, file), JSON.stringify(manifest));
  Object.assign(
    serverManifest.shared.find((share) => share.name === 'react')!,
    { version, requiredVersion },
  );
  writeFileSync(serverManifestFile, JSON.stringify(serverManifest));
  const assets = path.join(dir, 'assets');
  const shareMap = readdirSync(assets).find((file) => file.startsWith('_virtual_mf-localSharedImportMap'))!;
  const source = readFileSync(path.join(assets, shareMap), 'utf8');
  const declared = `react:{name:\`react\`,version:\`${before}\``;
  expect(source).toContain(declared);
  writeFileSync(
    path.join(assets, shareMap),
    source
      .replace(declared, `react:{name:\`react\`,version:\`${version}\``)
      // the first range after the name is react's own
      .replace(/(requiredVersion:`)\^19\.0\.0(`)/, `$1${requiredVersion}$2`),
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

test('a storefront built against a newer minor of React runs on the shell’s single copy', async ({
  page,
}) => {
  const storefront = await serveStorefront(storefrontPort!, storefrontBuiltWithReact('19.99.0', '^19.0.0'));
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
  const storefront = await serveStorefront(storefrontPort!, storefrontBuiltWithReact('20.0.0', '^20.0.0'));
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
      `built for react 20.0.0, but the shop runs react ${shellReactVersion}`,
    );
    await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Contact us' })).toBeVisible();
    expect(errors.some((line) => line.includes('[shop] version skew') && line.includes('react 20.0.0'))).toBe(
      true,
    );
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
