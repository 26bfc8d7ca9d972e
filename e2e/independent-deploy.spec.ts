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

/** The storefront files a served shell page preloads (written by the shell's deploy step). */
async function preloadedFiles(shellPort: number, storefrontPort: number): Promise<string[]> {
  const html = await (await fetch(`http://localhost:${shellPort}/`)).text();
  const prefix = `http://localhost:${storefrontPort}/`;
  return [...html.matchAll(/<link rel="modulepreload"[^>]*? href="([^"]+)"/g)]
    .map((match) => match[1]!)
    .filter((url) => url.startsWith(prefix))
    .map((url) => url.slice(prefix.length))
    .sort();
}

/** What a release's manifest says the first page needs: its remote entry and the routes module. */
function releaseFiles(dir: string): string[] {
  const manifest = JSON.parse(readFileSync(path.join(dir, 'mf-manifest.json'), 'utf8')) as {
    metaData: { remoteEntry: { name: string } };
    exposes: { name: string; assets: { js: { sync: string[] } } }[];
  };
  const routes = manifest.exposes.find((expose) => expose.name === 'routes')!;
  return [manifest.metaData.remoteEntry.name, ...routes.assets.js.sync].sort();
}

test('a storefront release reaches the running shell on the next page load, with no shell rebuild', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const announcement = `Festival sale ${Date.now()}: 20% off cameras`;
  const nextRelease = path.join(repoRoot, 'test-results', 'storefront-next-release');
  await buildApp('storefront', { outDir: nextRelease, env: { VITE_STOREFRONT_ANNOUNCEMENT: announcement } });

  const shellBefore = shellBuildHash();
  let storefront = await serveStorefront(storefrontPort!);
  const shell = await startOwnShell(shellPort!, storefrontPort!);
  try {
    const firstRelease = releaseFiles(path.join(appDir('storefront'), 'dist'));
    expect(await preloadedFiles(shellPort!, storefrontPort!)).toEqual(firstRelease);
    await page.goto(`http://localhost:${shellPort}/`);
    await expect(page.getByTestId('announcement')).not.toHaveText(announcement);

    // The storefront team deploys alone: stop the old release, start the new one on the same address,
    // and run the shell's deploy step, which writes config.json and the page's preloads (no build).
    await storefront.close();
    storefront = await serveStorefront(storefrontPort!, nextRelease);
    await shell.redeploy();

    await page.reload();
    await expect(page.getByTestId('announcement')).toHaveText(announcement);
    expect(shellBuildHash()).toBe(shellBefore);
    // The preloads follow the new release's manifest.
    const preloaded = await preloadedFiles(shellPort!, storefrontPort!);
    expect(preloaded).toEqual(releaseFiles(nextRelease));
    expect(preloaded).not.toEqual(firstRelease);
  } finally {
    await storefront.close();
    await shell.close();
  }
});
