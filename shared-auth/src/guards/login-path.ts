/** Where /login sends people without a return address. */
export const DEFAULT_AFTER_LOGIN = '/account';

/** /login with the address to come back to, e.g. /login?redirect=%2Forders%2Fme */
export function loginPathFor(returnTo: string): string {
  return `/login?redirect=${encodeURIComponent(returnTo)}`;
}

/**
 * docs/product.md, screens: after sign-in, go to the address after the '=' in the query string, default /account.
 * Only same-site paths are followed ('shipping' means '/shipping'); anything else goes to /account, so a
 * crafted link cannot send a shopper to another site.
 */
export function returnAddressFrom(search: string): string {
  const equals = search.indexOf('=');
  if (equals < 0) return DEFAULT_AFTER_LOGIN;
  let target: string;
  try {
    target = decodeURIComponent(search.slice(equals + 1)).trim();
  } catch {
    return DEFAULT_AFTER_LOGIN;
  }
  if (!target) return DEFAULT_AFTER_LOGIN;
  if (!target.startsWith('/')) target = `/${target}`;
  // Browsers drop tabs and newlines inside URLs, so '/\t/evil.com' would become '//evil.com'.
  if (
    target.startsWith('//') ||
    target.includes('\\') ||
    [...target].some((character) => character.charCodeAt(0) < 0x20 || character.charCodeAt(0) === 0x7f) ||
    /^\/[a-z][a-z0-9+.-]*:/i.test(target)
  ) {
    return DEFAULT_AFTER_LOGIN;
  }
  return target;
}
