import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export interface Account {
  email: string;
  password: string;
  name?: string;
}

/** Seeded on first start of the embedded database (ARCHITECTURE.md, startup contract). */
export const demoShopper: Account = {
  email: 'shopper@example.com',
  password: 'Shopper12345',
  name: 'Sam Shopper',
};
export const demoAdmin: Account = { email: 'admin@example.com', password: 'Admin12345', name: 'Asha Admin' };

/** A new, unique account for tests that change what they sign in with (password, profile). */
export function newAccount(label: string): Required<Account> {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return { name: `E2E ${label}`, email: `e2e-${label}-${id}@example.com`, password: 'Secret-12345' };
}

/** The api base of the shop under test, from the shell's own config.json (no port is hard-coded). */
export async function apiBaseUrl(page: Page): Promise<string> {
  const response = await page.request.get('/config.json');
  const config = (await response.json()) as { apiBaseUrl: string };
  return config.apiBaseUrl.replace(/\/$/, '');
}

/**
 * Signs in through the LOGIN tab. Starts from /login unless the page is already there (a guard sent it),
 * and waits until the shop has left /login.
 */
export async function loginViaUi(page: Page, account: Account): Promise<void> {
  if (!new URL(page.url()).pathname.startsWith('/login')) await page.goto('/login');
  await page.getByRole('tab', { name: 'LOGIN' }).click();
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

/** Creates the account through the REGISTER tab; the shop signs it in and leaves /login. */
export async function registerViaUi(page: Page, account: Required<Account>): Promise<void> {
  if (!new URL(page.url()).pathname.startsWith('/login')) await page.goto('/login');
  await page.getByRole('tab', { name: 'REGISTER' }).click();
  await page.getByLabel('Name', { exact: true }).fill(account.name);
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

/** Logs out from the avatar dropdown. */
export async function logoutViaUi(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^Account menu for/ }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page.getByRole('link', { name: 'Login', exact: true })).toBeVisible();
}

/** The avatar dropdown's entries, in order. */
export async function accountMenuItems(page: Page): Promise<string[]> {
  await page.getByRole('button', { name: /^Account menu for/ }).click();
  const items = page.getByRole('menuitem');
  await expect(items.first()).toBeVisible();
  const labels = await items.allInnerTexts();
  await page.keyboard.press('Escape');
  return labels.map((label) => label.trim());
}

/** DESIGN.md: no serious or critical axe violations (WCAG 2.x A and AA rules). */
export async function expectNoSeriousA11yViolations(
  page: Page,
  context = page.url(),
  /** Limit the check to this part of the page (e.g. the toasts over a remote's page). */
  include?: string,
): Promise<void> {
  // Colours are measured as painted: a button still fading in from its busy state reads as a failing
  // in-between shade. Wait for the finite transitions to end (spinners and progress bars run forever).
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every(
            (animation) =>
              animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
          ),
      undefined,
      { timeout: 5000 },
    )
    .catch(() => {});
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  if (include) builder.include(include);
  const results = await builder.analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
      // What the element is (a bare css- class says nothing), and why it fails.
      html: violation.nodes.slice(0, 5).map((node) => node.html.slice(0, 200)),
      why: violation.nodes.slice(0, 5).map((node) => node.failureSummary),
    }));
  expect(serious, `axe on ${context}`).toEqual([]);
}
