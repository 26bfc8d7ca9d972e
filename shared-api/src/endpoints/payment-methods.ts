import type {
  CashOnDeliveryOrderRequest,
  Order,
  orderResponseSchema,
  PaymentMethodOffer,
  paymentMethodsResponseSchema,
  RazorpayCheckout,
  RazorpayOrderRequest,
  razorpayOrderResponseSchema,
  RazorpayVerifyRequest,
  UpiPayment,
  UpiPaymentRequest,
  upiPaymentResponseSchema,
} from '../schemas/index.ts';
import { call, type Answer } from '../client/call.ts';
import { saveFile } from '../client/save-file.ts';
import { FALLBACK_MESSAGES } from '../errors.ts';

/** GET /payment/methods: the methods the server would take for this total (paise) to this pin code. */
export async function getPaymentMethods(amount: number, pinCode?: string): Promise<PaymentMethodOffer[]> {
  const searchParams = new URLSearchParams({ amount: String(amount) });
  if (pinCode) searchParams.set('pinCode', pinCode);
  const { methods } = await call<Answer<typeof paymentMethodsResponseSchema>>(
    FALLBACK_MESSAGES.getPaymentMethods,
    (api) => api.get('payment/methods', { searchParams }).json(),
  );
  return methods;
}

/** POST /order/cash-on-delivery: placed at once, NOT PAID until delivered (the server prices it). */
export async function placeCashOnDeliveryOrder(order: CashOnDeliveryOrderRequest): Promise<Order> {
  const answer = await call<Answer<typeof orderResponseSchema>>(FALLBACK_MESSAGES.createOrder, (api) =>
    api.post('order/cash-on-delivery', { json: order }).json(),
  );
  return answer.order;
}

/** GET /order/{id}/invoice: the GST tax invoice as a PDF. */
export function getInvoicePdf(orderId: string): Promise<Blob> {
  return call<Blob>(FALLBACK_MESSAGES.getInvoice, (api) =>
    api.get(`order/${encodeURIComponent(orderId)}/invoice`).blob(),
  );
}

/** Downloads the invoice as 'invoice-INV-26-27-00042.pdf' (the api needs the bearer token: no plain link). */
export async function downloadInvoice(orderId: string, invoiceNumber: string): Promise<void> {
  saveFile(await getInvoicePdf(orderId), `invoice-${invoiceNumber.replace(/\//g, '-')}.pdf`);
}

/** POST /payment/upi: a collect request to the VPA for the order the server prices; answers the payment. */
export async function startUpiPayment(request: UpiPaymentRequest): Promise<UpiPayment> {
  const { payment } = await call<Answer<typeof upiPaymentResponseSchema>>(
    FALLBACK_MESSAGES.processPayment,
    (api) => api.post('payment/upi', { json: request }).json(),
  );
  return payment;
}

/** GET /payment/upi/{id}: how the UPI payment stands (the server asks the gateway while it is pending). */
export async function getUpiPayment(id: string): Promise<UpiPayment> {
  const { payment } = await call<Answer<typeof upiPaymentResponseSchema>>(
    FALLBACK_MESSAGES.processPayment,
    (api) => api.get(`payment/upi/${encodeURIComponent(id)}`).json(),
  );
  return payment;
}

/** POST /payment/razorpay/order: the Razorpay order the checkout opens with, for the server's total. */
export async function startRazorpayPayment(request: RazorpayOrderRequest): Promise<RazorpayCheckout> {
  const { payment } = await call<Answer<typeof razorpayOrderResponseSchema>>(
    FALLBACK_MESSAGES.processPayment,
    (api) => api.post('payment/razorpay/order', { json: request }).json(),
  );
  return payment;
}

/** POST /payment/razorpay/verify: the checkout's signed answer; the server verifies it and places the order. */
export async function verifyRazorpayPayment(answer: RazorpayVerifyRequest): Promise<UpiPayment> {
  const { payment } = await call<Answer<typeof upiPaymentResponseSchema>>(
    FALLBACK_MESSAGES.processPayment,
    (api) => api.post('payment/razorpay/verify', { json: answer }).json(),
  );
  return payment;
}
