import { z } from 'zod';
import { isoDateSchema, objectIdSchema, rupeesSchema } from './common.ts';
import { orderLineSchema } from './order.ts';

/** A cart line as the browser keeps it in local storage under `cartItems` (docs/product.md, cart). */
export const cartItemSchema = z.object({
  product: objectIdSchema,
  name: z.string(),
  price: rupeesSchema,
  image: z.string(),
  stock: z.number().int().nonnegative(),
  quantity: z.number().int().positive(),
});
export type CartItem = z.infer<typeof cartItemSchema>;

/** The most lines a saved cart holds: as many as an order takes. */
export const MAX_CART_LINES = 100;

/**
 * `PUT /cart`: the signed-in shopper's whole cart as product ids and quantities, read like an order's lines
 * (names, prices and stock come from the catalog, never from the browser), and the `version` of the saved
 * cart these lines were made from. Another device's change since then makes it a 409: the browser fetches
 * the cart, keeps its own newer changes on top and saves again, so the last change wins and none is lost.
 */
export const saveCartRequestSchema = z.object({
  lines: z.array(orderLineSchema).max(MAX_CART_LINES, `A cart can have at most ${MAX_CART_LINES} lines`),
  version: z
    .number({ error: 'version must be a number' })
    .int('version must be a whole number')
    .min(0, 'version must be at least 0')
    .max(2 ** 31 - 1, 'version is too large'),
});
export type SaveCartRequest = z.input<typeof saveCartRequestSchema>;

/**
 * The shopper's cart as the api keeps it: each line with the product's name, price, picture and stock as
 * they are now. A product sold out, or deleted since it was added, stays in the cart with stock 0 (and the
 * name and price it last had), so the cart shows it instead of dropping it unseen.
 */
export const shopperCartSchema = z.object({
  lines: z.array(cartItemSchema),
  /** Goes up by one with every change; 0 for a cart never saved. */
  version: z.number().int().nonnegative(),
  updatedAt: isoDateSchema.nullable(),
});
export type ShopperCart = z.infer<typeof shopperCartSchema>;

export const cartResponseSchema = z.object({ success: z.literal(true), cart: shopperCartSchema });
export type CartResponse = z.infer<typeof cartResponseSchema>;

/** The figures of the confirm step, kept in session storage under `orderInfo` for the payment step. */
export const orderInfoSchema = z.object({
  subtotal: rupeesSchema,
  shippingCharges: rupeesSchema,
  tax: rupeesSchema,
  totalPrice: rupeesSchema,
});
export type OrderInfo = z.infer<typeof orderInfoSchema>;

/**
 * The payment step under way, in session storage: the intent created for an amount and, once the card
 * provider said so, the id of the intent that succeeded (so a reload places the order, never pays again).
 */
export const pendingPaymentSchema = z.object({
  clientSecret: z.string().min(1),
  amountPaise: z.number().int().positive(),
  succeededIntentId: z.string().min(1).optional(),
});
export type PendingPayment = z.infer<typeof pendingPaymentSchema>;
