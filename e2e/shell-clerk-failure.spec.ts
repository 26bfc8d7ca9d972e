import path from 'node:path';
import { expect, test } from '@playwright/test';
import { appDir } from '../scripts/lib/apps.ts';
import { serveApp } from '../scripts/lib/serve-app.ts';
import { shellConfig } from '@shop/shared-contract/shell-config';
import { e2ePorts } from './support/ports.ts';

const shellPort = e2ePorts.spare[1];
// A well-formed publishable key whose frontend API host cannot be reached from here.
const publishableKey = `pk_test_${Buffer.from('clerk.shop.invalid$').toString('base64')}`;

test('when Clerk is configured but cannot load, the shell says so instead of a blank page or a spinner', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const shell = await serveApp({
    dir: path.join(appDir('shell'), 'dist'),
    port: shellPort,
    spa: true,
    generated: {
      '/config.json': shellConfig(
        { shell: shellPort, storefront: e2ePorts.storefront, admin: e2ePorts.admin, api: e2ePorts.api },
        { CLERK_PUBLISHABLE_KEY: publishableKey },
      ),
    },
  });
  try {
    // Clerk's script is blocked, as a closed network or an ad blocker would.
    await page.route('**/*clerk*/**', (route) => route.abort());
    // Clerk's loader retries for longer than the shell waits (CLERK_LOAD_TIMEOUT_MS, 15 s): the page's clock
    // is moved on in steps rather than waited out, ~15 s a page.
    await page.clock.install();
    const failure = page.getByRole('alert').filter({ hasText: 'Sign-in is unavailable' });
    const waitForFailure = () =>
      expect(async () => {
        await page.clock.fastForward(5_000);
        await expect(failure).toBeVisible({ timeout: 1_000 });
      }).toPass({ timeout: 30_000 });
    await page.goto(`http://localhost:${shellPort}/account`);
    await waitForFailure();
    await expect(failure.getByRole('button', { name: 'Reload' })).toBeVisible();

    await page.goto(`http://localhost:${shellPort}/login`);
    await waitForFailure();

    // The rest of the shop keeps working.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' }).click();
    await expect(page.getByRole('heading', { name: 'About Us' })).toBeVisible();
  } finally {
    await shell.close();
  }
});
