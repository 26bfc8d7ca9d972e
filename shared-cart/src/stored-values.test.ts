import { cartItemSchema, shippingInfoSchema } from '@shop/shared-api/schemas';
import { expectSameVerdicts, mostly } from '@shop/shared-api/testing/schema-agreement';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isStoredCartLine, isStoredShippingInfo } from './stored-values.ts';

// The stored cart is checked without zod on every page; these properties hold those checks to the
// contract's schemas, so a schema change that the checks miss fails here.

const wrongNumber = fc.oneof(
  fc.integer({ min: -3, max: 0 }),
  fc.double({ min: -10, max: 10_000 }),
  fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, 2 ** 60, -0.5),
  fc.string({ maxLength: 3 }),
);
const wrongText = fc.oneof(fc.integer(), fc.constant(null), fc.array(fc.string(), { maxLength: 1 }));

const almostCartLine = fc.record({
  product: mostly(
    fc.stringMatching(/^[0-9a-f]{24}$/),
    fc.oneof(fc.stringMatching(/^[0-9a-fA-F]{23,25}$/), fc.integer()),
  ),
  name: mostly(fc.string({ maxLength: 12 }), wrongText),
  price: mostly(fc.double({ min: 0, max: 100_000, noNaN: true }), wrongNumber),
  image: mostly(fc.string({ maxLength: 12 }), wrongText),
  stock: mostly(fc.nat({ max: 50 }), wrongNumber),
  quantity: mostly(fc.integer({ min: 1, max: 50 }), wrongNumber),
});

const digitString = (min: number, max: number) => fc.stringMatching(new RegExp(`^\\d{${min},${max}}$`));
const someText = (max: number) => fc.string({ minLength: 1, maxLength: max });
const almostShipping = fc.record({
  address: mostly(
    someText(40),
    fc.oneof(fc.constant(' padded '), fc.string({ minLength: 501, maxLength: 502 }), wrongText),
  ),
  city: mostly(someText(12), wrongText),
  state: mostly(someText(12), fc.oneof(fc.constant(''), wrongText)),
  country: mostly(someText(12), wrongText),
  pinCode: mostly(
    digitString(3, 10),
    fc.oneof(digitString(0, 2), digitString(11, 12), fc.integer({ min: 100, max: 999 }), wrongText),
  ),
  phoneNo: mostly(
    digitString(10, 10),
    fc.oneof(digitString(9, 9), digitString(11, 11), fc.constant(9876543210), wrongText),
  ),
});

describe('the stored cart checks', () => {
  it('accept a cart line exactly when cartItemSchema does', () => {
    expectSameVerdicts(isStoredCartLine, cartItemSchema, almostCartLine);
  });

  it('accept only shipping addresses that shippingInfoSchema reads back unchanged', () => {
    let accepted = 0;
    fc.assert(
      fc.property(almostShipping, (info) => {
        if (!isStoredShippingInfo(info)) return;
        accepted += 1;
        expect(shippingInfoSchema.parse(info)).toEqual(info);
      }),
      { numRuns: 2000 },
    );
    // The property is not vacuous: some generated addresses are valid.
    expect(accepted).toBeGreaterThan(0);
  });
});
