/** Session storage key of the message the login screen shows once after a forced logout (docs/product.md, messages). */
export const LOGOUT_MESSAGE_KEY = 'logoutMessage';

export function storeLogoutMessage(message: string): void {
  try {
    sessionStorage.setItem(LOGOUT_MESSAGE_KEY, message);
  } catch {
    // Storage can be disabled (private mode); the redirect still happens.
  }
}

/** Reads and forgets the stored logout message, so it shows once. */
export function takeLogoutMessage(): string | null {
  try {
    const message = sessionStorage.getItem(LOGOUT_MESSAGE_KEY);
    sessionStorage.removeItem(LOGOUT_MESSAGE_KEY);
    return message;
  } catch {
    return null;
  }
}
