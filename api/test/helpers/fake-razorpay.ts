import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHmac } from 'node:crypto';

// Answers recorded from Razorpay's test mode (api.razorpay.com/v1), ids and times replaced. The fake
// serves them with the fields the request decides (amount, receipt, notes, ids), so the real SDK runs.
export const RECORDED = {
  order: {
    id: 'order_RB4SjWJ1c0R6mX',
    entity: 'order',
    amount: 50000,
    amount_paid: 0,
    amount_due: 50000,
    currency: 'INR',
    receipt: 'receipt#1',
    offer_id: null,
    status: 'created',
    attempts: 0,
    notes: [],
    created_at: 1764070000,
  },
  payment: {
    id: 'pay_RB4TqCD9oZ1Fbq',
    entity: 'payment',
    amount: 50000,
    currency: 'INR',
    status: 'captured',
    order_id: 'order_RB4SjWJ1c0R6mX',
    invoice_id: null,
    international: false,
    method: 'upi',
    amount_refunded: 0,
    refund_status: null,
    captured: true,
    description: 'Shop order',
    card_id: null,
    bank: null,
    wallet: null,
    vpa: 'success@razorpay',
    email: 'shopper@example.com',
    contact: '+919876543210',
    notes: [],
    fee: 1180,
    tax: 180,
    error_code: null,
    error_description: null,
    error_source: null,
    error_step: null,
    error_reason: null,
    acquirer_data: { rrn: '533012345678', upi_transaction_id: 'AB0123456789' },
    created_at: 1764070100,
  },
  refund: {
    id: 'rfnd_RB4VZ9x6Jg0QkA',
    entity: 'refund',
    amount: 50000,
    receipt: null,
    currency: 'INR',
    payment_id: 'pay_RB4TqCD9oZ1Fbq',
    notes: [],
    acquirer_data: { arn: null },
    created_at: 1764070200,
    batch_id: null,
    status: 'processed',
    speed_processed: 'normal',
    speed_requested: 'normal',
  },
  fullyRefunded: {
    error: {
      code: 'BAD_REQUEST_ERROR',
      description: 'The payment has been fully refunded already',
      source: 'business',
      step: 'payment_initiation',
      reason: 'input_validation_failed',
      metadata: {},
      field: 'amount',
    },
  },
  authenticationFailed: {
    error: {
      code: 'BAD_REQUEST_ERROR',
      description: 'Authentication failed',
      source: 'NA',
      step: 'NA',
      reason: 'NA',
      metadata: {},
    },
  },
};

type Payment = typeof RECORDED.payment;

/**
 * Just enough of Razorpay's HTTP API for the calls the api makes (create an order, list its payments,
 * fetch a payment, refund), answering the recorded shapes. `pay(orderId, method)` plays the shopper paying
 * in the checkout and answers what the checkout hands the browser, signed with the key secret.
 */
export async function startFakeRazorpay(keySecret: string) {
  const orders = new Map<string, typeof RECORDED.order>();
  const payments = new Map<string, Payment>();
  const refunded = new Set<string>();
  const requests: { method: string; path: string; authorization: string | undefined; body: unknown }[] = [];
  const failures: { path?: string; status: number; body: unknown }[] = [];
  let counter = 0;

  const readBody = (request: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let data = '';
      request.on('data', (chunk) => (data += chunk));
      request.on('end', () => resolve(data));
    });

  const server: Server = createServer(async (request, response) => {
    const raw = await readBody(request);
    const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    const path = (request.url ?? '').split('?')[0]!;
    requests.push({ method: request.method ?? '', path, authorization: request.headers.authorization, body });
    const send = (status: number, payload: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(payload));
    };
    const failing = failures.findIndex((failure) => failure.path === undefined || failure.path === path);
    if (failing >= 0) {
      const [failure] = failures.splice(failing, 1);
      return send(failure!.status, failure!.body);
    }
    let match: RegExpExecArray | null;
    if (request.method === 'POST' && path === '/v1/orders') {
      const id = `order_Fake${++counter}`;
      const order = {
        ...RECORDED.order,
        id,
        amount: Number(body.amount),
        amount_due: Number(body.amount),
        currency: String(body.currency),
        receipt: String(body.receipt),
        notes: body.notes as never,
      };
      orders.set(id, order);
      return send(200, order);
    }
    if (request.method === 'GET' && (match = /^\/v1\/orders\/([^/]+)\/payments$/.exec(path))) {
      const items = [...payments.values()].filter((payment) => payment.order_id === match![1]);
      return send(200, { entity: 'collection', count: items.length, items });
    }
    if (request.method === 'GET' && (match = /^\/v1\/payments\/([^/]+)$/.exec(path))) {
      const payment = payments.get(match[1]!);
      return payment
        ? send(200, payment)
        : send(400, {
            error: { ...RECORDED.fullyRefunded.error, description: 'The id provided does not exist' },
          });
    }
    if (request.method === 'POST' && (match = /^\/v1\/payments\/([^/]+)\/refund$/.exec(path))) {
      const id = match[1]!;
      if (refunded.has(id)) return send(400, RECORDED.fullyRefunded);
      refunded.add(id);
      return send(200, {
        ...RECORDED.refund,
        id: `rfnd_Fake${++counter}`,
        payment_id: id,
        amount: body.amount,
      });
    }
    send(404, { error: { code: 'BAD_REQUEST_ERROR', description: 'The requested URL was not found' } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    connection: { baseUrl: `http://127.0.0.1:${port}` },
    requests,
    refunded,
    /** The next call (to `path`, or any) answers this instead, as an outage or a revoked key would. */
    failNext(status: number, body: unknown, path?: string) {
      failures.push({ status, body, ...(path ? { path } : {}) });
    },
    /** The shopper pays `orderId` in the checkout: the payment, and the checkout's signed answer. */
    pay(orderId: string, options: { method?: string; status?: string; amount?: number } = {}) {
      const order = orders.get(orderId);
      if (!order) throw new Error(`no order ${orderId}`);
      const id = `pay_Fake${++counter}`;
      payments.set(id, {
        ...RECORDED.payment,
        id,
        order_id: orderId,
        amount: options.amount ?? order.amount,
        method: options.method ?? 'upi',
        status: options.status ?? 'captured',
      });
      return {
        razorpay_order_id: orderId,
        razorpay_payment_id: id,
        razorpay_signature: createHmac('sha256', keySecret).update(`${orderId}|${id}`).digest('hex'),
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
