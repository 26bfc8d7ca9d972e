import Razorpay from 'razorpay';
import { validatePaymentVerification } from 'razorpay/dist/utils/razorpay-utils.js';
import type { RazorpaySettings } from '../config/api-config.ts';
import { badGateway } from '../http/errors.ts';
import type { GatewayVerdict, PaymentRequestGateway } from './upi-gateway.ts';

/** Where the SDK sends its calls; unset means https://api.razorpay.com. Tests point it at a local fake. */
export interface RazorpayConnection {
  baseUrl: string;
}

/** What Razorpay's checkout hands the browser when a payment succeeds (its `handler`'s argument). */
export interface RazorpayCheckoutAnswer {
  orderId: string;
  paymentId: string;
  signature: string;
}

export interface RazorpayGateway extends PaymentRequestGateway {
  kind: 'razorpay';
  /** The public key id the browser's checkout opens with (RAZORPAY_KEY_ID). */
  keyId: string;
  /** Whether the checkout's answer is Razorpay's: the SDK's payment signature check, with the key secret. */
  verifyCheckout(answer: RazorpayCheckoutAnswer): boolean;
  /** The payment as Razorpay has it (the server's own look, after the signature checked out). */
  fetchPayment(
    paymentId: string,
  ): Promise<{ orderId: string | null; status: string; amountPaise: number; method: string }>;
}

const UNAVAILABLE = 'The payment service is unavailable; please try again in a moment';

/** The SDK's errors are plain objects ({ statusCode, error: { code, description } }), not Errors. */
interface RazorpayError {
  statusCode: number | string;
  error?: { code?: string; description?: string };
}
const isRazorpayError = (error: unknown): error is RazorpayError =>
  typeof error === 'object' && error !== null && 'statusCode' in error;

/**
 * Any Razorpay failure is a 502 with a message the shopper can read (Razorpay's status never reaches the
 * browser: a 401 from a rotated key would sign the shopper out). The SDK also throws a TypeError when the
 * network fails before any answer; that is the same outage.
 */
async function viaRazorpay<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (isRazorpayError(error) || error instanceof TypeError) {
      const cause = isRazorpayError(error)
        ? new Error(
            `Razorpay ${error.statusCode}: ${error.error?.code ?? ''} ${error.error?.description ?? ''}`,
          )
        : error;
      throw badGateway(UNAVAILABLE, cause);
    }
    throw error;
  }
}

/** Razorpay's payment methods the shop records on an order as they are; anything else (emi, paylater) is a card's. */
const RECORDED_METHODS = new Set(['card', 'upi', 'netbanking', 'wallet']);
export const orderMethodOf = (razorpayMethod: string | undefined) =>
  razorpayMethod && RECORDED_METHODS.has(razorpayMethod)
    ? (razorpayMethod as 'card' | 'upi' | 'netbanking' | 'wallet')
    : 'card';

/**
 * Payments through Razorpay's checkout (RAZORPAY_KEY_ID + RAZORPAY_KEY_SECRET): the api creates a
 * Razorpay order for the total it computed, the browser pays it in Razorpay's checkout (card, UPI, net
 * banking, wallets), and the order is placed when the payment's signature (the browser's answer) or the
 * webhook's signature (RAZORPAY_WEBHOOK_SECRET) checks out with the SDK's helpers, or when Razorpay says
 * the order is paid (the sweep asks it).
 */
export function createRazorpayGateway(
  settings: RazorpaySettings,
  connection?: RazorpayConnection,
): RazorpayGateway {
  const razorpay = new Razorpay({ key_id: settings.keyId, key_secret: settings.keySecret });
  if (connection)
    (razorpay.api as unknown as { rq: { defaults: { baseURL: string } } }).rq.defaults.baseURL =
      connection.baseUrl;

  return {
    kind: 'razorpay',
    keyId: settings.keyId,
    async send(request) {
      const order = await viaRazorpay(() =>
        razorpay.orders.create({
          amount: request.amountPaise,
          currency: 'INR',
          receipt: request.id,
          notes: { paymentRequest: request.id, userId: request.userId },
        }),
      );
      if (order.amount !== request.amountPaise || order.currency !== 'INR')
        throw new Error(`Razorpay created order ${order.id} for ${order.amount} ${order.currency}`);
      return { providerRef: order.id };
    },
    async verdict(request): Promise<GatewayVerdict> {
      if (!request.providerRef) return { status: 'pending' };
      const { items } = await viaRazorpay(() => razorpay.orders.fetchPayments(request.providerRef!));
      // A captured payment of the order's full amount pays it. Failed attempts are not the end: the
      // shopper may try again in the checkout until the request expires.
      const paid = items.find(
        (payment) => payment.status === 'captured' && Number(payment.amount) === request.amountPaise,
      );
      return paid
        ? { status: 'succeeded', providerPaymentId: paid.id, method: String(paid.method) }
        : { status: 'pending' };
    },
    async refund(request, options = {}) {
      if (!request.providerPaymentId) return;
      try {
        // Razorpay keeps no idempotency key of its own: the key goes as the receipt, and the shop's claim
        // (order_refunds' unique number, used_payments' key) is what calls it once per refund.
        await razorpay.payments.refund(request.providerPaymentId, {
          amount: options.amountPaise ?? request.amountPaise,
          receipt: options.idempotencyKey ?? `refund-${request.id}`,
          notes: {
            paymentRequest: request.id,
            why: options.idempotencyKey ? 'order refunded by the shop' : 'order refused',
          },
        });
      } catch (error) {
        // Refunding a refunded payment is the no-op an idempotent refund must be.
        if (isRazorpayError(error) && /fully refunded already/i.test(error.error?.description ?? '')) return;
        throw isRazorpayError(error)
          ? new Error(`Razorpay refund failed: ${error.error?.description ?? error.statusCode}`)
          : error;
      }
    },
    verifyWebhook(rawBody, signature) {
      if (!settings.webhookSecret || !signature) return false;
      return Razorpay.validateWebhookSignature(rawBody, signature, settings.webhookSecret);
    },
    verifyCheckout({ orderId, paymentId, signature }) {
      if (!orderId || !paymentId || !signature) return false;
      return validatePaymentVerification(
        { order_id: orderId, payment_id: paymentId },
        signature,
        settings.keySecret,
      );
    },
    async fetchPayment(paymentId) {
      const payment = await viaRazorpay(() => razorpay.payments.fetch(paymentId));
      return {
        orderId: payment.order_id ?? null,
        status: payment.status,
        amountPaise: Number(payment.amount),
        method: String(payment.method),
      };
    },
    close() {},
  };
}
