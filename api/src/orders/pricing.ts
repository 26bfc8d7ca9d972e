// The checkout figures of docs/product.md (Numbers: checkout), in integer paise: the server's, never the browser's.

export const FREE_SHIPPING_ABOVE_PAISE = 1000_00;
export const SHIPPING_CHARGE_PAISE = 200_00;
export const GST_PERCENT = 18;

export interface PricedLine {
  pricePaise: number;
  quantity: number;
}

export function priceOrder(lines: PricedLine[]) {
  const itemsPaise = lines.reduce((sum, line) => sum + line.pricePaise * line.quantity, 0);
  const shippingPaise = itemsPaise > FREE_SHIPPING_ABOVE_PAISE ? 0 : SHIPPING_CHARGE_PAISE;
  const taxPaise = Math.round((itemsPaise * GST_PERCENT) / 100);
  return { itemsPaise, taxPaise, shippingPaise, totalPaise: itemsPaise + taxPaise + shippingPaise };
}
