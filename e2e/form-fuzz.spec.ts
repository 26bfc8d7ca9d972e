import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { demoAdmin, loginViaUi, newAccount, registerViaUi } from './support/shell-session.ts';
import { api, productNamed } from './support/storefront.ts';

// Every form fed empty, huge, unicode and markup values: each answer is a readable message on the page,
// nothing the values carry runs, and the api never fails (no 5xx). A form is one line in FORMS.

interface FormUnderTest {
  /** The form's accessible name (aria-label). */
  form: string;
  /** Where it lives; a function when the address is made per run (a reset token). */
  path: string;
  /** A tab to open first (LOGIN / REGISTER). */
  tab?: string;
  /** Signed in first: a fresh shopper, or the demo admin. */
  signedIn?: boolean | 'admin';
  /** Sets the page up once signed in (a cart for the checkout); may answer the form's address. */
  prepare?: (page: Page, request: APIRequestContext) => Promise<string | void>;
  /** A button that opens the form (a dialog) once the page is there. */
  opener?: string;
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
  { form: 'Search products', path: '/search', fields: ['Search a product'], submit: 'Search' },
  {
    form: 'Submit Review',
    path: '/product/',
    signedIn: true,
    prepare: async (_page, request) => `/product/${(await productNamed(request, 'Instant Film Camera'))._id}`,
    opener: 'Submit Review',
    fields: ['Comment'],
    submit: 'Submit',
  },
  {
    form: 'Shipping Details',
    path: '/shipping',
    signedIn: true,
    prepare: (page, request) => fillCart(page, request),
    fields: ['Address', 'City', 'Pin Code', 'Phone Number'],
    submit: 'Continue',
  },
  {
    form: 'Card Info',
    path: '/process/payment',
    signedIn: true,
    prepare: (page, request) => fillCart(page, request, { confirmed: true }),
    fields: ['Card number', 'Expiry', 'CVC'],
    submit: 'Pay',
  },
  {
    form: 'Create Product',
    path: '/admin/product/new',
    signedIn: 'admin',
    // Price and stock are number inputs: the browser takes no text there.
    fields: ['Name', 'Description'],
    submit: 'Create Product',
  },
  {
    form: 'Update User',
    path: '/admin/user/',
    signedIn: 'admin',
    prepare: async (_page, request) => {
      const account = newAccount('fuzzed');
      const created = await request.post(`${api}/auth/register`, { data: account });
      return `/admin/user/${((await created.json()) as { user: { _id: string } }).user._id}`;
    },
    fields: ['Name', 'Email'],
    submit: 'Update',
  },
  {
    form: "Find a product's reviews",
    path: '/admin/reviews',
    signedIn: 'admin',
    fields: ['Product ID'],
    submit: 'Search',
  },
];

/** A cart of one T-shirt in this tab, and for the payment step its address and confirmed figures too. */
async function fillCart(page: Page, request: APIRequestContext, { confirmed = false } = {}) {
  const product = await productNamed(request, 'Pure Cotton Crew Neck T-Shirt');
  const line = {
    product: product._id,
    name: product.name,
    price: product.price,
    image: '',
    stock: product.stock,
    quantity: 1,
  };
  const address = {
    address: '1 Road',
    city: 'Pune',
    state: 'Maharashtra',
    country: 'India',
    pinCode: '411001',
    phoneNo: '9876543210',
  };
  // The sign-in's cart sync replaces the browser's cart once it has the saved one: written before that,
  // this cart would be overwritten by the (empty) saved cart.
  await page.waitForFunction(() => localStorage.getItem('cartSynced') !== null);
  await page.evaluate(
    ([cart, shipping, withFigures]) => {
      localStorage.setItem('cartItems', JSON.stringify(cart));
      localStorage.setItem('shippingInfo', JSON.stringify(shipping));
      // ₹399: ₹200 shipping, ₹71.82 GST.
      if (withFigures)
        sessionStorage.setItem(
          'orderInfo',
          JSON.stringify({ subtotal: 399, shippingCharges: 200, tax: 71.82, totalPrice: 670.82 }),
        );
    },
    [[line], address, confirmed] as const,
  );
}

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

async function open(page: Page, form: FormUnderTest, path: string) {
  await page.goto(path);
  if (form.tab) await page.getByRole('tab', { name: form.tab }).click();
  if (form.opener) await page.getByRole('button', { name: form.opener }).click();
  return page.locator(`form[aria-label="${form.form}"]`);
}

for (const form of FORMS) {
  test(`${form.form} form: empty, huge, unicode and markup values get readable answers, nothing runs`, async ({
    page,
    request,
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
    if (form.signedIn === 'admin') await loginViaUi(page, demoAdmin);
    else if (form.signedIn) await registerViaUi(page, newAccount('fuzz'));
    const path = (await form.prepare?.(page, request)) || form.path;

    for (const [kind, value] of Object.entries(VALUES)) {
      const element = await open(page, form, path);
      await expect(element, `${form.form} (${kind})`).toBeVisible();
      for (const label of form.fields) await element.getByLabel(label, { exact: true }).fill(value);
      await element.getByRole('button', { name: form.submit }).first().click();

      // An answer shows: a field message, an alert, or (a value that was fine) the next page.
      const answer = page
        .locator('[data-part="error-text"], [role="alert"], [role="status"]')
        .filter({ hasText: /\S/ });
      await expect
        .poll(async () => (await answer.count()) > 0 || !page.url().includes(path), {
          message: `${form.form} (${kind}): no answer shown`,
          timeout: 15_000,
        })
        .toBe(true);
      for (const text of await answer.allInnerTexts())
        expect(text, `${form.form} (${kind})`).not.toMatch(UNREADABLE);
      expect(await page.evaluate(() => window.__pwned), `${form.form} (${kind}): markup ran`).toBeUndefined();
      // Never a white page (the frame is there; a modal dialog hides it from the accessibility tree).
      await expect(page.locator('nav[aria-label="Main"]')).toBeAttached();
    }
    expect(serverErrors).toEqual([]);
  });
}
