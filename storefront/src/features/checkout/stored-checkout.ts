import type { OrderInfo, PendingPayment } from '@shop/shared-api';

// The payment page reads these from session storage on its first render, so the checks cannot wait for
// zod, which loads with the card form's first use (docs/performance.md, round 6). They accept what
// `orderInfoSchema` and `pendingPaymentSchema` accept (stored-checkout.test.ts holds them to it); they only
// keep the page from breaking on an old or edited value: the api prices every order and checks every
// payment itself.

type Fields = Record<string, unknown>;

const isRecord = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isRupees = (value: unknown) => typeof value === 'number' && Number.isFinite(value) && value >= 0;
const isFilled = (value: unknown) => typeof value === 'string' && value.length >= 1;

/** The confirm step's figures as it saved them. */
export function isStoredOrderInfo(value: unknown): value is OrderInfo {
  return (
    isRecord(value) &&
    isRupees(value.subtotal) &&
    isRupees(value.shippingCharges) &&
    isRupees(value.tax) &&
    isRupees(value.totalPrice)
  );
}

/** The payment under way as the payment step saved it. */
export function isStoredPendingPayment(value: unknown): value is PendingPayment {
  return (
    isRecord(value) &&
    isFilled(value.clientSecret) &&
    typeof value.amountPaise === 'number' &&
    Number.isSafeInteger(value.amountPaise) &&
    value.amountPaise > 0 &&
    (value.succeededIntentId === undefined || isFilled(value.succeededIntentId))
  );
}
