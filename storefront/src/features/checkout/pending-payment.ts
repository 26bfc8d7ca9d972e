import { type PendingPayment } from '@shop/shared-api';
import { isStoredPendingPayment } from './stored-checkout.ts';

/**
 * The payment of this checkout while it is under way, in session storage (this tab only). A reload or a
 * second click never pays twice: an intent already created for the same amount is confirmed again
 * (a card provider answers 'succeeded' for an intent that already succeeded, without charging again),
 * and an intent known to have succeeded goes straight to placing the order.
 */
export const PENDING_PAYMENT_KEY = 'pendingPayment';

export function readPendingPayment(): PendingPayment | null {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(PENDING_PAYMENT_KEY) ?? 'null');
    return isStoredPendingPayment(stored) ? stored : null;
  } catch {
    return null;
  }
}

export function savePendingPayment(payment: PendingPayment): void {
  sessionStorage.setItem(PENDING_PAYMENT_KEY, JSON.stringify(payment));
}

export function forgetPendingPayment(): void {
  sessionStorage.removeItem(PENDING_PAYMENT_KEY);
}
