import { z } from 'zod';
import { PAYMENT_METHODS } from './constants.ts';

/**
 * `GET /payment/methods?amount=&pinCode=`: the ways this shopper may pay this amount to this pin code, so
 * the payment page never offers a method the server would refuse. `amount` is the total in paise (as for
 * `/payment/process`); the order itself is priced again, and the rules checked again, when it is placed.
 */
export const paymentMethodsQuerySchema = z.object({
  amount: z.coerce
    .number({ error: 'amount must be a number' })
    .int('amount must be a whole number of paise')
    .min(0, 'amount must not be negative')
    .max(10_000_000_000, 'amount is too large'),
  pinCode: z
    .string()
    .trim()
    .regex(/^\d{3,10}$/, 'pinCode must contain 3 to 10 digits')
    .optional(),
});
export type PaymentMethodsQuery = z.input<typeof paymentMethodsQuerySchema>;

export const paymentMethodOfferSchema = z.object({
  method: z.enum(PAYMENT_METHODS),
  available: z.boolean(),
  /** Why it is not available (shown beside the method, which is then disabled). */
  reason: z.string().optional(),
});
export type PaymentMethodOffer = z.infer<typeof paymentMethodOfferSchema>;

export const paymentMethodsResponseSchema = z.object({
  success: z.literal(true),
  methods: z.array(paymentMethodOfferSchema),
});
export type PaymentMethodsResponse = z.infer<typeof paymentMethodsResponseSchema>;
