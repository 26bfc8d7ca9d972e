import { priceOrder, toPaise, toRupees, type CartItem, type OrderInfo } from '@shop/shared-api';

export interface CartPrice extends OrderInfo {
  /** What the card is charged: the total in paise (docs/product.md: total times 100, rounded). */
  amountPaise: number;
}

/**
 * The checkout figures of the cart, in rupees, from the same function the server charges with
 * (shared-api's priceOrder, in paise), so the total on screen is the amount paid to the paisa.
 */
export function priceCart(lines: readonly CartItem[]): CartPrice {
  const price = priceOrder(
    lines.map((line) => ({ pricePaise: toPaise(line.price), quantity: line.quantity })),
  );
  return {
    subtotal: toRupees(price.itemsPaise),
    shippingCharges: toRupees(price.shippingPaise),
    tax: toRupees(price.taxPaise),
    totalPrice: toRupees(price.totalPaise),
    amountPaise: price.totalPaise,
  };
}
