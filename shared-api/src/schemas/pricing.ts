/**
 * The checkout figures (docs/product.md, checkout): one rule, in integer paise, computed the same way by the
 * browser that shows them and the server that charges them, so the amount the shopper sees is the amount
 * the payment is created for, to the paisa.
 */
export const FREE_SHIPPING_ABOVE_PAISE = 1000_00;
export const SHIPPING_CHARGE_PAISE = 200_00;
export const GST_PERCENT = 18;

/** Rupees as the wire and the screens speak them (up to two decimals), to integer paise. */
export const toPaise = (rupees: number) => Math.round(rupees * 100);
export const toRupees = (paise: number) => paise / 100;

export interface PricedLine {
  pricePaise: number;
  quantity: number;
}

export interface OrderPrice {
  itemsPaise: number;
  taxPaise: number;
  shippingPaise: number;
  totalPaise: number;
}

/** Subtotal, 18% GST (rounded to the paisa), shipping free above ₹1,000 else ₹200, and their total. */
export function priceOrder(lines: readonly PricedLine[]): OrderPrice {
  const itemsPaise = lines.reduce((sum, line) => sum + line.pricePaise * line.quantity, 0);
  const shippingPaise = itemsPaise > FREE_SHIPPING_ABOVE_PAISE ? 0 : SHIPPING_CHARGE_PAISE;
  const taxPaise = Math.round((itemsPaise * GST_PERCENT) / 100);
  return { itemsPaise, taxPaise, shippingPaise, totalPaise: itemsPaise + taxPaise + shippingPaise };
}
