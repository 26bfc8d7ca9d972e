import { type OrderInfo } from '@shop/shared-api';
import { isStoredOrderInfo } from './stored-checkout.ts';

/** docs/product.md (checkout): the confirm step's figures, in session storage for the payment step. */
export const ORDER_INFO_KEY = 'orderInfo';

export function saveOrderInfo(info: OrderInfo): void {
  sessionStorage.setItem(ORDER_INFO_KEY, JSON.stringify(info));
}

export function readOrderInfo(): OrderInfo | null {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(ORDER_INFO_KEY) ?? 'null');
    return isStoredOrderInfo(stored) ? stored : null;
  } catch {
    return null;
  }
}

export function forgetOrderInfo(): void {
  sessionStorage.removeItem(ORDER_INFO_KEY);
}
