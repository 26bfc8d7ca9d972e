import { z } from 'zod';
import { isoDateSchema, objectIdSchema, rupeesSchema } from './common.ts';

/** Carriers the shop can link a tracking number to; any other carrier's name is shown without a link. */
export const KNOWN_CARRIERS = {
  'Blue Dart': 'https://www.bluedart.com/web/guest/trackdartresult?trackFor=0&trackNo=',
  Delhivery: 'https://www.delhivery.com/track-v2/package/',
  DTDC: 'https://www.dtdc.com/track-your-shipment/?awb=',
  Ekart: 'https://ekartlogistics.com/shipmenttrack/',
  'India Post': 'https://www.indiapost.gov.in/_layouts/15/dop.portal.tracking/trackconsignment.aspx?id=',
} as const satisfies Record<string, string>;

/** The carrier's tracking page for this number, when the carrier is known (by name, any case). */
export function trackingUrlOf(carrier: string | null, trackingNumber: string | null): string | null {
  if (!carrier || !trackingNumber) return null;
  const known = Object.entries(KNOWN_CARRIERS).find(
    ([name]) => name.toLowerCase() === carrier.trim().toLowerCase(),
  );
  return known ? `${known[1]}${encodeURIComponent(trackingNumber)}` : null;
}

const refundLinesSchema = z
  .array(
    z.object({
      product: objectIdSchema,
      quantity: z.coerce
        .number({ error: 'quantity must be a number' })
        .int('quantity must be a whole number')
        .min(1, 'quantity must be at least 1')
        .max(1000, 'quantity must be at most 1000'),
    }),
  )
  .min(1, 'Choose at least one line to refund')
  .max(100, 'An order has at most 100 lines');

/**
 * What the admin saw: the number of refunds on the order's payment history. Another refund meanwhile (a
 * second admin's) makes the server refuse this one, so two admins refunding at once refund once.
 */
const refundsSeenSchema = z.coerce
  .number({ error: 'refundsSeen must be a number' })
  .int('refundsSeen must be a whole number')
  .min(0, 'refundsSeen must be at least 0')
  .max(10_000, 'refundsSeen must be at most 10000');

/** `POST /admin/order/{id}/refund`: chosen lines of an order not delivered yet, refunded and restocked. */
export const refundLinesRequestSchema = z.object({
  lines: refundLinesSchema,
  refundsSeen: refundsSeenSchema,
});
export type RefundLinesRequest = z.input<typeof refundLinesRequestSchema>;

/** `POST /admin/order/{id}/return`: lines a delivered order's shopper sent back, refunded; restocked or not. */
export const returnLinesRequestSchema = z.object({
  lines: refundLinesSchema,
  restock: z.boolean({ error: 'restock must be true or false' }),
  refundsSeen: refundsSeenSchema,
});
export type ReturnLinesRequest = z.input<typeof returnLinesRequestSchema>;

/** One entry of an order's payment history: the payment, or one refund of it. */
export const paymentEventSchema = z.object({
  kind: z.enum(['paid', 'cancel', 'refund', 'return']),
  amount: rupeesSchema,
  /** Refunds wait as `pending` until the gateway has confirmed them. */
  status: z.enum(['paid', 'pending', 'refunded']),
  at: isoDateSchema,
  /** Who: the shopper (or the courier's cash) for the payment, the admin for a refund. */
  by: z.string(),
  gateway: z.string(),
  lines: z.array(
    z.object({ product: z.string(), name: z.string(), quantity: z.number().int(), restocked: z.boolean() }),
  ),
});
export type PaymentEvent = z.infer<typeof paymentEventSchema>;

/** `GET /admin/order/{id}/payments`: the history, and what each line may still have refunded. */
export const orderPaymentsResponseSchema = z.object({
  success: z.literal(true),
  payments: z.array(paymentEventSchema),
  paid: rupeesSchema,
  refunded: rupeesSchema,
  lines: z.array(
    z.object({
      product: z.string(),
      name: z.string(),
      quantity: z.number().int(),
      /** Not refunded yet: what a refund or return may still choose. */
      refundable: z.number().int(),
    }),
  ),
});
export type OrderPaymentsResponse = z.infer<typeof orderPaymentsResponseSchema>;

/**
 * The admin's refund form: one quantity field per line (`line0`, `line1` … as strings from the inputs,
 * 0 = not this line, at most what is left to refund) and the restock choice; at least one unit.
 */
export function refundLinesFormSchema(lines: readonly { refundable: number }[]) {
  return z.looseObject({ restock: z.enum(['yes', 'no']) }).superRefine((values, context) => {
    const fields = values as Record<string, unknown>;
    let units = 0;
    lines.forEach((line, index) => {
      const name = `line${index}`;
      const quantity = Number(String(fields[name] ?? '').trim() || '0');
      if (!Number.isInteger(quantity) || quantity < 0)
        context.addIssue({ code: 'custom', path: [name], message: 'Enter a whole number, 0 or more' });
      else if (quantity > line.refundable)
        context.addIssue({ code: 'custom', path: [name], message: `At most ${line.refundable}` });
      else units += quantity;
    });
    const first = lines.findIndex((line) => line.refundable > 0);
    if (units === 0 && first >= 0)
      context.addIssue({
        code: 'custom',
        path: [`line${first}`],
        message: 'Choose at least one unit to refund',
      });
  });
}
