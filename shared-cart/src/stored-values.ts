import { isObjectId, PHONE_LENGTH, type CartItem, type ShippingInfo } from '@shop/shared-api';

// The cart is read from local storage on every page, so its check cannot wait for zod, which loads with the
// first form (docs/performance.md). These checks accept what `cartItemSchema` and `shippingInfoSchema`
// accept (stored-values.test.ts holds them to it); they only keep a page from breaking on an old or edited
// value: the api prices and validates every order itself.

type Fields = Record<string, unknown>;

const isRecord = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isWhole = (value: unknown, min: number): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= min;

/** A product the shopper looked at, as the product page keeps it for 'Recently viewed' (a cart line's
 * product fields, which the cart line check reuses). */
export interface ViewedProduct {
  product: string;
  name: string;
  price: number;
  image: string;
}

export function isStoredViewedProduct(value: unknown): value is ViewedProduct & Fields {
  return (
    isRecord(value) &&
    isObjectId(value.product) &&
    typeof value.name === 'string' &&
    typeof value.price === 'number' &&
    Number.isFinite(value.price) &&
    value.price >= 0 &&
    typeof value.image === 'string'
  );
}

export function isStoredCartLine(value: unknown): value is CartItem {
  return isStoredViewedProduct(value) && isWhole(value.stock, 0) && isWhole(value.quantity, 1);
}

const filled = (value: unknown, max: number) =>
  typeof value === 'string' && value.trim() === value && value.length >= 1 && value.length <= max;
const digits = (value: unknown, min: number, max: number) =>
  typeof value === 'string' && /^\d+$/.test(value) && value.length >= min && value.length <= max;

/** A shipping address as the shipping step saves it: already trimmed, digits as strings. */
export function isStoredShippingInfo(value: unknown): value is ShippingInfo {
  return (
    isRecord(value) &&
    filled(value.address, 500) &&
    filled(value.city, 200) &&
    filled(value.state, 200) &&
    filled(value.country, 200) &&
    digits(value.pinCode, 3, 10) &&
    digits(value.phoneNo, PHONE_LENGTH, PHONE_LENGTH)
  );
}
