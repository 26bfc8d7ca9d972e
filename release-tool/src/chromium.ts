import { existsSync } from 'node:fs';
import type { LaunchOptions } from '@playwright/test';

/**
 * Debian's chromium where it exists (machines that cannot download Playwright's own browser),
 * Playwright's bundled browser everywhere else. The release gate's journeys run in it (smoke-journeys.ts),
 * and so do the e2e suite and the benches (`@shop/release-tool/chromium`, without the rest of the tool).
 */
export function chromiumLaunchOptions(env: NodeJS.ProcessEnv = process.env): LaunchOptions {
  const executablePath =
    env.PLAYWRIGHT_CHROMIUM_EXECUTABLE ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);
  if (!executablePath) return {};
  return {
    executablePath,
    // Debian's build otherwise phones home at start, which a closed network refuses.
    args: [
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  };
}
