import { expect, test, type Page } from '@playwright/test';
import { newAccount, registerViaUi } from './support/shell-session.ts';

// Every form fed empty, huge, unicode and markup values: each answer is a readable message on the page,
// nothing the values carry runs, and the api never fails (no 5xx). A form is one line in FORMS.

interface FormUnderTest {
  /** The form's accessible name (aria-label). */
  form: string;
  /** Where it lives; a function when the address is made per run (a reset token). */
  path: string;
  /** A tab to open first (LOGIN / REGISTER). */
  tab?: string;
  /** Signed in first (a fresh account). */
  signedIn?: boolean;
  /** The labels of the text fields to fill. */
  fields: string[];
  submit: string;
}

const FORMS: FormUnderTest[] = [
  { form: 'Login', path: '/login', tab: 'LOGIN', fields: ['Email', 'Password'], submit: 'Login' },
  {
    form: 'Register',
    path: '/login',
    tab: 'REGISTER',
    fields: ['Name', 'Email', 'Password'],
    submit: 'Register',
  },
  { form: 'Forgot Password', path: '/password/forgot', fields: ['Email'], submit: 'Send' },
  {
    form: 'Reset Password',
    path: `/password/reset/${'t'.repeat(43)}`,
    fields: ['New Password', 'Confirm Password'],
    submit: 'Reset',
  },
  { form: 'Update Profile', path: '/me/update', signedIn: true, fields: ['Name', 'Email'], submit: 'Update' },
  {
    form: 'Update Password',
    path: '/password/update',
    signedIn: true,
    fields: ['Old Password', 'New Password', 'Confirm Password'],
    submit: 'Change Password',
  },
];

/** What has broken forms elsewhere; markup that would set window.__pwned if it ever ran. */
const VALUES: Record<string, string> = {
  empty: '',
  huge: `${'x'.repeat(20_000)}@example.com`,
  unicode: '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 ✓ 日本語 عربى \u202Egnp.exe',
  markup:
    '<img src=x onerror="window.__pwned=1"><script>window.__pwned=1</script>"\'><svg onload=window.__pwned=1>',
  script: 'javascript:window.__pwned=1//@example.com',
};

/** Words a shopper should never be shown. */
const UNREADABLE = /\[object|undefined|NaN|Internal Server Error|Unexpected token|TypeError/;

declare global {
  interface Window {
    __pwned?: number;
  }
}

async function open(page: Page, form: FormUnderTest) {
  await page.goto(form.path);
  if (form.tab) await page.getByRole('tab', { name: form.tab }).click();
  return page.getByRole('form', { name: form.form });
}

for (const form of FORMS) {
  test(`${form.form} form: empty, huge, unicode and markup values get readable answers, nothing runs`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const serverErrors: string[] = [];
    page.on('response', (response) => {
      if (response.status() >= 500) serverErrors.push(`${response.status()} ${response.url()}`);
    });
    page.on('dialog', (dialog) => {
      serverErrors.push(`dialog: ${dialog.message()}`);
      void dialog.dismiss();
    });
    if (form.signedIn) await registerViaUi(page, newAccount('fuzz'));

    for (const [kind, value] of Object.entries(VALUES)) {
      const element = await open(page, form);
      await expect(element, `${form.form} (${kind})`).toBeVisible();
      for (const label of form.fields) await element.getByLabel(label, { exact: true }).fill(value);
      await element.getByRole('button', { name: form.submit }).click();

      // An answer shows: a field message, an alert, or (a value that was fine) the next page.
      const answer = page
        .locator('[data-part="error-text"], [role="alert"], [role="status"]')
        .filter({ hasText: /\S/ });
      await expect
        .poll(async () => (await answer.count()) > 0 || !page.url().includes(form.path), {
          message: `${form.form} (${kind}): no answer shown`,
          timeout: 15_000,
        })
        .toBe(true);
      for (const text of await answer.allInnerTexts())
        expect(text, `${form.form} (${kind})`).not.toMatch(UNREADABLE);
      expect(await page.evaluate(() => window.__pwned), `${form.form} (${kind}): markup ran`).toBeUndefined();
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    }
    expect(serverErrors).toEqual([]);
  });
}
