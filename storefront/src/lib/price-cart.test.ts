import type { CartItem } from '@shop/shared-api';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { priceCart } from './price-cart.ts';

const line = (price: number, quantity: number): CartItem => ({
  product: 'a'.repeat(24),
  name: 'Item',
  price,
  image: '',
  stock: 100,
  quantity,
});

/** The rule as docs/product.md states it, written independently in floating-point rupees. */
function byTheRule(lines: CartItem[]) {
  const subtotal = lines.reduce((sum, item) => sum + item.price * item.quantity, 0);
  const shipping = subtotal > 1000 ? 0 : 200;
  const tax = subtotal * 0.18;
  return {
    subtotal,
    shipping,
    tax,
    total: subtotal + tax + shipping,
    amount: Math.round((subtotal + tax + shipping) * 100),
  };
}

describe('the checkout figures of a cart', () => {
  it('charges ₹200 shipping up to a ₹1,000 subtotal and nothing above it, plus 18% GST', () => {
    expect(priceCart([line(1000, 1)])).toEqual({
      subtotal: 1000,
      shippingCharges: 200,
      tax: 180,
      totalPrice: 1380,
      amountPaise: 138_000,
    });
    expect(priceCart([line(500.01, 2)]).shippingCharges).toBe(0);
  });

  it('agrees with the rule and with itself for any cart (random carts, prices to the paisa)', () => {
    const price = fc.integer({ min: 100, max: 2_500_000 }).map((paise) => paise / 100);
    fc.assert(
      fc.property(
        fc.array(fc.tuple(price, fc.integer({ min: 1, max: 20 })), { minLength: 1, maxLength: 8 }),
        (pairs) => {
          const lines = pairs.map(([p, q]) => line(p, q));
          const figures = priceCart(lines);
          const rule = byTheRule(lines);
          expect(figures.subtotal).toBeCloseTo(rule.subtotal, 2);
          expect(figures.shippingCharges).toBe(rule.shipping);
          // GST is rounded to the paisa; the rule's float may sit half a paisa either side.
          expect(Math.abs(figures.tax - rule.tax)).toBeLessThanOrEqual(0.005 + 1e-9);
          expect(figures.totalPrice).toBeCloseTo(figures.subtotal + figures.tax + figures.shippingCharges, 2);
          // The amount sent to the card provider is the total times 100 (the server checks it to the paisa).
          expect(figures.amountPaise).toBe(Math.round(figures.totalPrice * 100));
          expect(Math.abs(figures.amountPaise - rule.amount)).toBeLessThanOrEqual(1);
        },
      ),
      { numRuns: 5000 },
    );
  });
});
