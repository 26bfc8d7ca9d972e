import { type OrderInfo } from '@shop/shared-api';
import { orderInfoSchema } from '@shop/shared-api/schemas';

/** docs/product.md (checkout): the confirm step's figures, in session storage for the payment step. */
export const ORDER_INFO_KEY = 'orderInfo';

export function saveOrderInfo(info: OrderInfo): void {
  sessionStorage.setItem(ORDER_INFO_KEY, JSON.stringify(info));
}

export function readOrderInfo(): OrderInfo | null {
  try {
    const parsed = orderInfoSchema.safeParse(JSON.parse(sessionStorage.getItem(ORDER_INFO_KEY) ?? 'null'));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function forgetOrderInfo(): void {
  sessionStorage.removeItem(ORDER_INFO_KEY);
}
