import { PASSWORD_MIN_LENGTH } from '@shop/shared-api';

/** SPEC section 9: redirects after 2 seconds so the success message can be read. */
export const REDIRECT_DELAY_MS = 2000;

/** SPEC section 5, update password: the new passwords must match and be at least 8 characters. */
export function checkNewPassword(newPassword: string, confirmPassword: string): string | null {
  if (newPassword !== confirmPassword) return 'New passwords do not match!';
  if (newPassword.length < PASSWORD_MIN_LENGTH) return 'New password must be at least 8 characters long!';
  return null;
}

/** SPEC section 5, reset password. */
export function checkResetPassword(password: string, confirmPassword: string): string | null {
  if (password !== confirmPassword) return 'Passwords do not match!';
  if (password.length < PASSWORD_MIN_LENGTH) return 'Password must be at least 8 characters long!';
  return null;
}
