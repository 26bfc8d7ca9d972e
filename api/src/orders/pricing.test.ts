import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { priceOrder } from './pricing.ts';

describe('priceOrder', () => {
  it('charges 200 rupees shipping up to a 1,000 rupee subtotal and nothing above it', () => {
    expect(priceOrder([{ pricePaise: 100_000, quantity: 1 }])).toEqual({
      itemsPaise: 100_000,
      taxPaise: 18_000,
      shippingPaise: 20_000,
      totalPaise: 138_000,
    });
    expect(priceOrder([{ pricePaise: 100_001, quantity: 1 }]).shippingPaise).toBe(0);
  });

  it('matches the browser rule: total = subtotal + 18% GST + shipping, times 100, rounded', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            pricePaise: fc.integer({ min: 100, max: 2_500_000 }),
            quantity: fc.integer({ min: 1, max: 20 }),
          }),
          { minLength: 1, maxLength: 5 },
        ),
        (lines) => {
          const priced = priceOrder(lines);
          const subtotal = lines.reduce((sum, line) => sum + (line.pricePaise / 100) * line.quantity, 0);
          const shipping = subtotal > 1000 ? 0 : 200;
          const browserAmount = Math.round((subtotal + subtotal * 0.18 + shipping) * 100);
          // Equal except on an exact half paisa of GST, where float rounding may go the other way.
          expect(Math.abs(priced.totalPaise - browserAmount)).toBeLessThanOrEqual(1);
          expect(priced.totalPaise).toBe(priced.itemsPaise + priced.taxPaise + priced.shippingPaise);
        },
      ),
      { numRuns: 20_000 },
    );
  });
});
