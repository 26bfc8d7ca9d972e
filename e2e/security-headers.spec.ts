import { expect, test, type Page } from '@playwright/test';
import { e2ePorts } from './support/ports.ts';
import { apiBaseUrl } from './support/shell-session.ts';

// The assembled shop renders with its Content-Security-Policy in force: no violation on the pages the
// shell and the storefront draw, and every server answers with the security headers.

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

async function watchCsp(page: Page) {
  const console: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) console.push(message.text());
  });
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__cspViolations!.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return async () => [...console, ...(await page.evaluate(() => window.__cspViolations ?? []))];
}

for (const { path, ready } of [
  { path: '/', ready: (page: Page) => page.locator('[data-remote="storefront"] h1') },
  { path: '/login', ready: (page: Page) => page.getByRole('button', { name: 'Login', exact: true }) },
]) {
  test(`${path} renders under its CSP with no violation`, async ({ page }) => {
    const violations = await watchCsp(page);
    const response = await page.goto(path);
    const csp = response?.headers()['content-security-policy'] ?? '';
    expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    await expect(ready(page)).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    // Let the remote's late chunks and images arrive before counting.
    await page.waitForLoadState('networkidle');
    expect(await violations()).toEqual([]);
  });
}

test('every server of the shop sends the security headers', async ({ page, request }) => {
  const api = await apiBaseUrl(page);
  for (const url of [
    `http://localhost:${e2ePorts.shell}/`,
    `http://localhost:${e2ePorts.storefront}/live.json`,
    `http://localhost:${e2ePorts.admin}/live.json`,
    `${api}/health`,
  ]) {
    const headers = (await request.get(url)).headers();
    expect({ url, nosniff: headers['x-content-type-options'] }).toEqual({ url, nosniff: 'nosniff' });
    expect(headers['content-security-policy'], url).toMatch(/frame-ancestors 'none'/);
    expect(headers['referrer-policy'], url).toBeTruthy();
    expect(headers['x-frame-options'], url).toBe('DENY');
  }
});
