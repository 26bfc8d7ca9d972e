import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { e2ePorts } from './e2e/support/ports.ts';
import { chromiumLaunchOptions } from '@shop/release-tool/chromium';

// A fresh embedded database per run, so tests never see a developer's data nor a previous run's.
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'shop-e2e-'));
process.env.E2E_DATA_DIR = dataDir;
// ...and a release store of its own: the shop under test serves the builds just made, live for everyone.
const releaseStoreDir =
  process.env.E2E_RELEASE_STORE_DIR ?? mkdtempSync(path.join(tmpdir(), 'shop-e2e-releases-'));
process.env.E2E_RELEASE_STORE_DIR = releaseStoreDir;

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results',
  fullyParallel: false,
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : [['list']],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://localhost:${e2ePorts.shell}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: chromiumLaunchOptions(),
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    // node, not pnpm: killing pnpm's wrapper would leave the shop running.
    command: 'node scripts/start.ts',
    url: `http://localhost:${e2ePorts.shell}/config.json`,
    reuseExistingServer: !process.env.CI,
    timeout: 240_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      SHELL_PORT: String(e2ePorts.shell),
      STOREFRONT_PORT: String(e2ePorts.storefront),
      ADMIN_PORT: String(e2ePorts.admin),
      API_PORT: String(e2ePorts.api),
      DATA_DIR: dataDir,
      RELEASE_STORE_DIR: releaseStoreDir,
      // Origins of the shells that deploy tests start on their own ports.
      CORS_ORIGINS: e2ePorts.extraShellOrigins.join(','),
      ALLOW_SELF_PROMOTION: 'true',
      // The suite signs in dozens of times a minute from one address; production keeps the default limit.
      AUTH_RATE_LIMIT: '1000',
      // Every page of the suite reports its remotes' loads, and the release tests send a canary's worth.
      RELEASE_REPORT_RATE_LIMIT: '10000',
      // No page view downloads the real-user reporter: a sampled one would change the weighed bytes.
      REAL_USER_SAMPLE_RATE: '0',
      LOG_LEVEL: 'info',
    },
  },
});
