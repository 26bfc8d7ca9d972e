import { z } from 'zod';
import { isoDateSchema } from './common.ts';
import { newOrderRequestSchema } from './order.ts';
import { PAYMENT_REQUEST_STATUSES } from './upi.ts';

/**
 * `POST /payment/razorpay/order`: the order to place (lines and address, priced by the server). The api
 * creates a Razorpay order for the total it computed; the browser pays it in Razorpay's checkout.
 */
export const razorpayOrderRequestSchema = newOrderRequestSchema.omit({ paymentInfo: true });
export type RazorpayOrderRequest = z.input<typeof razorpayOrderRequestSchema>;

/** What the browser opens Razorpay's checkout with. */
export const razorpayCheckoutSchema = z.object({
  /** The shop's payment request: follow it with `GET /payment/upi/{id}`. */
  id: z.string(),
  status: z.enum(PAYMENT_REQUEST_STATUSES),
  /** Paise: the order's total as the server priced it (the Razorpay order's amount). */
  amount: z.number().int(),
  currency: z.literal('INR'),
  /** RAZORPAY_KEY_ID: the checkout's `key`. */
  keyId: z.string(),
  /** Razorpay's order id: the checkout's `order_id`. */
  orderId: z.string(),
  expiresAt: isoDateSchema,
});
export type RazorpayCheckout = z.infer<typeof razorpayCheckoutSchema>;

export const razorpayOrderResponseSchema = z.object({
  success: z.literal(true),
  payment: razorpayCheckoutSchema,
});
export type RazorpayOrderResponse = z.infer<typeof razorpayOrderResponseSchema>;

const razorpayId = (prefix: string) =>
  z
    .string()
    .max(100)
    .regex(new RegExp(`^${prefix}_[A-Za-z0-9]+$`), `must be a Razorpay ${prefix}_ id`);

/**
 * `POST /payment/razorpay/verify`: what Razorpay's checkout hands the browser on success, as it names
 * the fields. The api checks the signature with the SDK and asks Razorpay itself before placing the order.
 */
export const razorpayVerifyRequestSchema = z.object({
  id: z.string().regex(/^rzp_[0-9a-f]{24}$/, 'id must be a Razorpay payment request id'),
  razorpay_order_id: razorpayId('order'),
  razorpay_payment_id: razorpayId('pay'),
  razorpay_signature: z.string().regex(/^[0-9a-f]{64}$/, 'razorpay_signature must be 64 hex digits'),
});
export type RazorpayVerifyRequest = z.input<typeof razorpayVerifyRequestSchema>;
