import { z } from 'zod';
import { newOrderRequestSchema } from './order.ts';
import { isoDateSchema, objectIdSchema } from './common.ts';

/**
 * A UPI id (VPA): `handle@psp`, as UPI apps write it: the handle 2 to 256 letters, digits, dots,
 * hyphens or underscores, the payment service provider's name 2 to 64 letters or digits.
 */
export const vpaSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9._-]{2,256}@[a-z][a-z0-9]{1,63}$/, 'Enter your UPI ID as name@bank');

/**
 * `POST /payment/upi`: the order to place (lines and address, priced by the server) and the UPI id the
 * collect request goes to. The order is placed by the server the moment the payment succeeds, whether
 * the browser is still there or not.
 */
export const upiPaymentRequestSchema = newOrderRequestSchema.omit({ paymentInfo: true }).extend({
  vpa: vpaSchema,
});
export type UpiPaymentRequest = z.input<typeof upiPaymentRequestSchema>;

export const PAYMENT_REQUEST_STATUSES = ['pending', 'succeeded', 'failed', 'expired', 'refunded'] as const;

/** A UPI payment as the browser follows it. */
export const upiPaymentSchema = z.object({
  id: z.string(),
  status: z.enum(PAYMENT_REQUEST_STATUSES),
  /** Paise: the order's total as the server priced it. */
  amount: z.number().int(),
  vpa: z.string(),
  /** The collect request stops being awaited then (UPI_COLLECT_TIMEOUT_SECONDS after it was sent). */
  expiresAt: isoDateSchema,
  /** `upi://pay?pa=…&pn=…&am=…&cu=INR&tr=…`: the QR code's payload and the phone's UPI app link. */
  upiLink: z.string(),
  /** The provider's words when it failed, or what happened to the money when it was refunded. */
  message: z.string().optional(),
  /** The order placed with it. */
  orderId: objectIdSchema.optional(),
});
export type UpiPayment = z.infer<typeof upiPaymentSchema>;

export const upiPaymentResponseSchema = z.object({ success: z.literal(true), payment: upiPaymentSchema });
export type UpiPaymentResponse = z.infer<typeof upiPaymentResponseSchema>;

export const paymentRequestParamsSchema = z.object({
  id: z.string().regex(/^(upi|rzp)_[0-9a-f]{24}$/, 'id must be a UPI or Razorpay payment id'),
});

/**
 * `POST /payment/webhook`: the gateway's word on a payment, signed (`X-Razorpay-Signature`, HMAC-SHA256
 * of the raw body with the webhook secret). Razorpay's event shape; the local gateway sends the same.
 */
export const paymentWebhookSchema = z.looseObject({
  event: z.string().max(100),
  payload: z.looseObject({
    payment: z.looseObject({
      entity: z.looseObject({
        id: z.string().max(100),
        order_id: z.string().max(100).nullish(),
        status: z.string().max(50),
        amount: z.number().int().nonnegative().optional(),
        /** Razorpay's method of the payment: upi, card, netbanking, wallet, … */
        method: z.string().max(50).optional(),
        error_description: z.string().max(500).nullish(),
      }),
    }),
  }),
});
export type PaymentWebhook = z.infer<typeof paymentWebhookSchema>;
