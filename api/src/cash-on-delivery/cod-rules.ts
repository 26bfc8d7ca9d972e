import { toRupees } from '@shop/shared-api/schemas';
import type { CashOnDeliverySettings } from '../config/api-config.ts';

const rupees = (paise: number) =>
  `₹${toRupees(paise).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** A pin code the courier takes no cash in: named exactly, or by a prefix ending in '*' ('7900*'). */
export function pinCodeBlocked(settings: CashOnDeliverySettings, pinCode: string) {
  return settings.blockedPinCodes.some((entry) =>
    entry.endsWith('*') ? pinCode.startsWith(entry.slice(0, -1)) : pinCode === entry,
  );
}

/**
 * Why this order may not be paid in cash on delivery, in words a shopper can act on; undefined when it
 * may. One rule for the payment page's offer (`GET /payment/methods`) and for placing the order.
 */
export function cashOnDeliveryRefusal(
  settings: CashOnDeliverySettings,
  order: { totalPaise: number; pinCode?: string | undefined; openCashOrders: number },
): string | undefined {
  if (!settings.enabled) return 'Cash on delivery is not available at the moment; pay by card or UPI.';
  if (order.totalPaise > settings.maxOrderPaise)
    return `Cash on delivery is available for orders up to ${rupees(settings.maxOrderPaise)}; this order is ${rupees(order.totalPaise)}. Pay by card or UPI.`;
  if (order.pinCode !== undefined && pinCodeBlocked(settings, order.pinCode))
    return `Cash on delivery is not available for pin code ${order.pinCode}; pay by card or UPI.`;
  if (order.openCashOrders >= settings.maxOpenOrders)
    return `You have ${order.openCashOrders} cash-on-delivery order${order.openCashOrders === 1 ? '' : 's'} not delivered yet, the most an account may have; pay this one by card or UPI.`;
  return undefined;
}
