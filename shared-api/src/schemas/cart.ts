import { z } from 'zod';
import { objectIdSchema, rupeesSchema } from './common.ts';

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
