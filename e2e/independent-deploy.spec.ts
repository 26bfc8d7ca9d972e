import { createHash } from 'node:crypto';
import { cpSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { SERVER_RENDERED_ATTRIBUTE } from '@shop/shared-contract';
import { appDir, repoRoot } from '../scripts/lib/apps.ts';
import { buildApp } from '../scripts/lib/build-apps.ts';
import { chromiumLaunchOptions } from '@shop/release-tool/chromium';
import { serveStorefront, startOwnShell } from './support/own-shop.ts';
import { e2ePorts } from './support/ports.ts';

const [, , shellPort, storefrontPort] = e2ePorts.spare;

// The page rendered before the release is handed to the browser by the test (a CDN's copy of it): Chromium
// counts such an answer as coming from the public internet, and would keep it from reaching the shop's
// loopback addresses (Local Network Access). A real CDN's page has a real address and needs no such switch.
test.use({
  launchOptions: {
    ...chromiumLaunchOptions(),
    args: [...(chromiumLaunchOptions().args ?? []), '--disable-features=LocalNetworkAccessChecks'],
  },
});
const shellBuildHash = () =>
  createHash('sha256')
    .update(readFileSync(path.join(appDir('shell'), 'dist', 'index.html')))
    .update(readFileSync(path.join(appDir('shell'), 'dist', 'server', 'shell-server.mjs')))
    .digest('hex');

/** The storefront files a served shell page preloads (written by the shell's deploy step). */
function preloadedFiles(html: string): string[] {
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

test('a storefront release is rendered by the running page server on the next request, with no shell rebuild or restart', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const announcement = `Festival sale ${Date.now()}: 20% off cameras`;
  const nextBuild = path.join(repoRoot, 'test-results', 'storefront-next-build');
  await buildApp('storefront', { outDir: nextBuild, env: { VITE_STOREFRONT_ANNOUNCEMENT: announcement } });
  // What a CDN holds after the deploy: the new release's files beside the old ones (hashed names never
  // collide), its manifests in place of the old ones.
  const current = path.join(appDir('storefront'), 'dist');
  const deployed = path.join(repoRoot, 'test-results', 'storefront-deployed');
  rmSync(deployed, { recursive: true, force: true });
  cpSync(current, deployed, { recursive: true });
  cpSync(nextBuild, deployed, { recursive: true });

  const shellBefore = shellBuildHash();
  let storefront = await serveStorefront(storefrontPort!);
  const shell = await startOwnShell(shellPort!, storefrontPort!);
  try {
    const before = await (await fetch(`${shell.url}/`)).text();
    expect(before).toContain(`<div id="root" ${SERVER_RENDERED_ATTRIBUTE}`);
    expect(before).not.toContain(announcement);
    expect(preloadedFiles(before)).toEqual(releaseFiles(current));

    // The storefront team deploys alone: the new release goes live at the same address. Nothing of the
    // shell is built, deployed or restarted.
    await storefront.close();
    storefront = await serveStorefront(storefrontPort!, deployed);

    const after = await (await fetch(`${shell.url}/`)).text();
    expect(after, 'the first request after the release').toContain(announcement);
    expect(preloadedFiles(after)).toEqual(releaseFiles(nextBuild));
    await page.goto(`${shell.url}/`);
    await expect(page.getByTestId('announcement')).toHaveText(announcement);
    expect(shellBuildHash()).toBe(shellBefore);

    // A page rendered before the release (a CDN's copy, a tab left open) still hydrates, with the code of
    // the release that rendered it: the page names that release's own manifest.
    const context = await browser.newContext();
    const oldPage = await context.newPage();
    const problems: string[] = [];
    oldPage.on('console', (message) => {
      if (['error', 'warning'].includes(message.type())) problems.push(message.text());
    });
    const scripts: string[] = [];
    oldPage.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await oldPage.route(`${shell.url}/`, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: before }),
    );
    await oldPage.goto(`${shell.url}/`);
    await expect
      .poll(() =>
        oldPage.evaluate(() =>
          Object.keys(document.querySelector('[data-remote="storefront"] h1') ?? {}).some((key) =>
            key.startsWith('__reactFiber$'),
          ),
        ),
      )
      .toBe(true);
    await expect(oldPage.getByText(announcement)).toHaveCount(0);
    const oldRoutes = releaseFiles(current).find((file) => file.includes('StorefrontRoutes'))!;
    expect(scripts.some((url) => url.endsWith(oldRoutes))).toBe(true);
    // Client-side navigation goes on working in it.
    await oldPage.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Products' }).click();
    await expect(oldPage.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
    expect(problems).toEqual([]);
    await context.close();
  } finally {
    await storefront.close();
    await shell.close();
  }
});
