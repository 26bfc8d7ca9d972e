import { z } from 'zod';
import { PAYMENT_INTENT_STATUSES } from './constants.ts';

/** `POST /payment/process`: amount in paise (order total times 100, rounded). */
export const paymentProcessRequestSchema = z.object({
  amount: z.coerce
    .number({ error: 'amount must be a number' })
    .int('amount must be a whole number of paise')
    .min(100, 'amount must be at least 100 paise')
    .max(10_000_000_000, 'amount is too large'),
});
export type PaymentProcessRequest = z.input<typeof paymentProcessRequestSchema>;

export const paymentProcessResponseSchema = z.object({ success: z.literal(true), client_secret: z.string() });
export type PaymentProcessResponse = z.infer<typeof paymentProcessResponseSchema>;

/**
 * `POST /payment/confirm` (local gateway only): the browser confirms an intent with card details, like
 * Stripe's `confirmCardPayment`. Spaces in the card number are ignored.
 */
export const paymentConfirmRequestSchema = z.object({
  client_secret: z.string().min(1, 'client_secret is required').max(200),
  card: z.object({
    number: z
      .string()
      .transform((value) => value.replace(/[\s-]/g, ''))
      .pipe(z.string().regex(/^\d{12,19}$/, 'Your card number is incomplete.')),
    expiry: z.string().regex(/^\s*\d{2}\s*\/\s*\d{2}\s*$/, "Your card's expiry date is incomplete (MM/YY)."),
    cvc: z.string().regex(/^\d{3,4}$/, "Your card's security code is incomplete."),
  }),
  billing_details: z.object({
    name: z.string().trim().min(1, 'Billing name is required').max(200),
    email: z.string().trim().max(254).pipe(z.email('Please enter a valid billing email')),
  }),
});
export type PaymentConfirmRequest = z.input<typeof paymentConfirmRequestSchema>;

export const paymentIntentSchema = z.object({
  id: z.string(),
  status: z.enum(PAYMENT_INTENT_STATUSES),
  amount: z.number().int(),
  currency: z.literal('inr'),
});
export type PaymentIntent = z.infer<typeof paymentIntentSchema>;

/** Success shape of `confirmCardPayment`; failures are `{ success: false, message, error: { message } }`. */
export const paymentConfirmResponseSchema = z.object({ paymentIntent: paymentIntentSchema });
export type PaymentConfirmResponse = z.infer<typeof paymentConfirmResponseSchema>;

export const paymentErrorResponseSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  error: z.object({ message: z.string(), code: z.string().optional(), decline_code: z.string().optional() }),
});
export type PaymentErrorResponse = z.infer<typeof paymentErrorResponseSchema>;
