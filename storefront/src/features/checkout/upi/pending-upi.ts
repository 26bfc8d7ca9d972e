/**
 * The UPI payment this tab is waiting on (session storage: this tab only), so a reload goes back to
 * waiting for it instead of asking again. If the tab is closed, the server still places the order when
 * the payment succeeds (docs/payments.md), and it is in My Orders.
 */
const KEY = 'pendingUpiPayment';

export function readPendingUpi(): string | null {
  const id = sessionStorage.getItem(KEY);
  return id && /^upi_[0-9a-f]{24}$/.test(id) ? id : null;
}

export const savePendingUpi = (id: string) => sessionStorage.setItem(KEY, id);
export const forgetPendingUpi = () => sessionStorage.removeItem(KEY);
