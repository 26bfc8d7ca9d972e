import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { appDir } from '../scripts/lib/apps.ts';
import { brokenCopy, builtWithReact } from './support/broken-releases.ts';
import { serveStorefront, startOwnShell } from './support/own-shop.ts';
import { e2ePorts } from './support/ports.ts';

const [shellPort, storefrontPort] = e2ePorts.spare;
const built = path.join(appDir('storefront'), 'dist');
const shellReactVersion = (
  JSON.parse(readFileSync(path.join(appDir('shell'), 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  }
).dependencies.react!;

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
  const storefront = await serveStorefront(
    storefrontPort!,
    brokenCopy(built, 'react-19.99.0', builtWithReact('19.99.0', '^19.0.0')),
  );
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
  const storefront = await serveStorefront(
    storefrontPort!,
    brokenCopy(built, 'react-20.0.0', builtWithReact('20.0.0', '^20.0.0')),
  );
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
