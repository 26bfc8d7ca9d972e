import { orderInfoSchema, pendingPaymentSchema } from '@shop/shared-api/schemas';
import { expectSameVerdicts, mostly } from '@shop/shared-api/testing/schema-agreement';
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { isStoredOrderInfo, isStoredPendingPayment } from './stored-checkout.ts';

// The checkout's stored values are checked without zod on the payment page; these properties hold those
// checks to the contract's schemas, so a schema change that the checks miss fails here.

const wrongNumber = fc.oneof(
  fc.double({ min: -10, max: -0.001 }),
  fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, -1),
  fc.string({ maxLength: 3 }),
  fc.constant(null),
);
const rupees = mostly(fc.double({ min: 0, max: 1_000_000, noNaN: true }), wrongNumber);
const almostOrderInfo = fc.record({
  subtotal: rupees,
  shippingCharges: rupees,
  tax: rupees,
  totalPrice: rupees,
});

const wrongText = fc.oneof(
  fc.constant(''),
  fc.integer(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 1 }),
);
const almostPendingPayment = fc.record(
  {
    clientSecret: mostly(fc.string({ minLength: 1, maxLength: 20 }), wrongText),
    amountPaise: mostly(
      fc.integer({ min: 1, max: 10_000_000 }),
      fc.oneof(fc.constantFrom(0, -5, 1.5, 2 ** 60), wrongNumber),
    ),
    succeededIntentId: mostly(fc.string({ minLength: 1, maxLength: 20 }), wrongText),
  },
  { requiredKeys: ['clientSecret', 'amountPaise'] },
);

describe('the stored checkout checks', () => {
  it('accept the confirm step’s figures exactly when orderInfoSchema does', () => {
    expectSameVerdicts(isStoredOrderInfo, orderInfoSchema, fc.oneof(almostOrderInfo, wrongText));
  });

  it('accept a payment under way exactly when pendingPaymentSchema does', () => {
    expectSameVerdicts(
      isStoredPendingPayment,
      pendingPaymentSchema,
      fc.oneof(almostPendingPayment, wrongText),
    );
  });
});
