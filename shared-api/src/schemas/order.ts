import { z } from 'zod';
import { ORDER_PAYMENT_METHODS, PHONE_LENGTH } from './constants.ts';
import { isoDateSchema, objectIdSchema, orderStatusSchema, rupeesSchema } from './common.ts';

const text = (label: string, max = 200) =>
  z.string().trim().min(1, `${label} is required`).max(max, `${label} must be at most ${max} characters`);
/** Pin code and phone are numeric inputs in the browser, so numbers are accepted and kept as digit strings. */
const digits = (label: string) =>
  z
    .union([z.string(), z.number().int().nonnegative()])
    .transform((value) => String(value).trim())
    .pipe(z.string().regex(/^\d+$/, `${label} must contain digits only`));

export const shippingInfoSchema = z.object({
  address: text('Address', 500),
  city: text('City'),
  state: text('State'),
  country: text('Country'),
  pinCode: digits('Pin code').pipe(
    z.string().min(3, 'Pin code is too short').max(10, 'Pin code is too long'),
  ),
  phoneNo: digits('Phone number').pipe(
    z.string().length(PHONE_LENGTH, 'Phone Number should be 10 digit long'),
  ),
});
export type ShippingInfo = z.output<typeof shippingInfoSchema>;
export type ShippingInfoInput = z.input<typeof shippingInfoSchema>;

export const paymentInfoSchema = z.object({
  id: z.string().min(1, 'Payment id is required').max(255),
  status: z.string().max(50),
});
export type PaymentInfo = z.infer<typeof paymentInfoSchema>;

export const orderItemSchema = z.object({
  product: objectIdSchema,
  name: z.string(),
  image: z.string(),
  price: rupeesSchema.describe('unit price in rupees at the time of the order'),
  quantity: z.number().int().positive(),
});
export type OrderItem = z.infer<typeof orderItemSchema>;

export const orderSchema = z.object({
  _id: objectIdSchema,
  user: z.object({ _id: objectIdSchema, name: z.string(), email: z.string() }),
  shippingInfo: z.object({
    address: z.string(),
    city: z.string(),
    state: z.string(),
    country: z.string(),
    pinCode: z.string(),
    phoneNo: z.string(),
  }),
  orderItems: z.array(orderItemSchema),
  paymentInfo: paymentInfoSchema,
  /** Card and UPI orders are paid when placed; a cash-on-delivery order when it is delivered. */
  paymentMethod: z.enum(ORDER_PAYMENT_METHODS),
  /** When the money was received: null for a cash-on-delivery order not delivered yet. */
  paidAt: isoDateSchema.nullable(),
  /** The GST tax invoice, once the order is paid (`GET /order/{id}/invoice` is its PDF). */
  invoice: z.object({ number: z.string(), issuedAt: isoDateSchema }).nullable(),
  itemsPrice: rupeesSchema,
  taxPrice: rupeesSchema,
  shippingPrice: rupeesSchema,
  totalPrice: rupeesSchema,
  orderStatus: orderStatusSchema,
  deliveredAt: isoDateSchema.nullable(),
  createdAt: isoDateSchema,
  /** What has been refunded to the shopper so far (0 when nothing), never above what was paid. */
  refundedPrice: rupeesSchema,
  /** When an admin cancelled the order (its stock put back, its payment refunded). */
  cancelledAt: isoDateSchema.nullable(),
  /** The parcel, once the order is Shipped; the link only when the carrier is one the shop knows. */
  shipment: z
    .object({
      carrier: z.string().nullable(),
      trackingNumber: z.string().nullable(),
      trackingUrl: z.string().nullable(),
      shippedAt: isoDateSchema,
    })
    .nullable(),
});
export type Order = z.infer<typeof orderSchema>;

/**
 * A line the browser asks for: a product id and a quantity, nothing else read (a cart line's name and price
 * may come along and are ignored). An order's lines and the shopper's saved cart (`PUT /cart`) take the same.
 */
export const orderLineSchema = z.looseObject({
  product: objectIdSchema,
  quantity: z.coerce
    .number({ error: 'quantity must be a number' })
    .int('quantity must be a whole number')
    .min(1, 'quantity must be at least 1')
    .max(1000, 'quantity must be at most 1000'),
});

/**
 * `POST /order/new`. Only product ids, quantities, the shipping address and the payment intent id are used:
 * every price, tax, shipping and total figure the browser sends is ignored and recomputed by the server.
 */
export const newOrderRequestSchema = z.object({
  orderItems: z
    .array(orderLineSchema)
    .min(1, 'Your order has no items')
    .max(100, 'An order can have at most 100 lines'),
  shippingInfo: shippingInfoSchema,
  paymentInfo: paymentInfoSchema,
});
export type NewOrderRequest = z.input<typeof newOrderRequestSchema>;

/**
 * `POST /order/cash-on-delivery`: the same lines and address as a paid order, and no payment: the order
 * is placed at once, NOT PAID, and paid when the courier delivers it. The server's COD rules decide.
 */
export const cashOnDeliveryOrderRequestSchema = newOrderRequestSchema.omit({ paymentInfo: true });
export type CashOnDeliveryOrderRequest = z.input<typeof cashOnDeliveryOrderRequestSchema>;

export const orderResponseSchema = z.object({ success: z.literal(true), order: orderSchema });
export type OrderResponse = z.infer<typeof orderResponseSchema>;

export const ordersResponseSchema = z.object({ success: z.literal(true), orders: z.array(orderSchema) });
export type OrdersResponse = z.infer<typeof ordersResponseSchema>;

export const adminOrdersResponseSchema = z.object({
  success: z.literal(true),
  orders: z.array(orderSchema),
  totalAmount: rupeesSchema,
});
export type AdminOrdersResponse = z.infer<typeof adminOrdersResponseSchema>;

const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .optional()
    .transform((value) => value || undefined);

/**
 * `PUT /admin/order/{id}`: form data or JSON `status`; moving to Shipped may name the carrier and the
 * tracking number (both optional). Cancelling has its own route.
 */
export const processOrderRequestSchema = z.object({
  status: orderStatusSchema
    .refine((status) => status !== 'Processing', 'An order can only move forward')
    .refine((status) => status !== 'Cancelled', 'Cancel an order with Cancel order'),
  carrier: optionalText('Carrier', 60),
  trackingNumber: optionalText('Tracking number', 60).pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9-]+$/, 'Tracking number may contain letters, digits and dashes only')
      .optional(),
  ),
});
export type ProcessOrderRequest = z.input<typeof processOrderRequestSchema>;
