import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import qs from 'qs';

interface FakeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
}

/**
 * Just enough of Stripe's HTTP API for the payment-intent calls the api makes (create, retrieve), so the
 * real SDK can be exercised without the network. `succeed(id)` plays the browser confirming the card.
 */
export async function startFakeStripe() {
  const intents = new Map<string, FakeIntent>();
  const requests: {
    method: string;
    path: string;
    authorization: string | undefined;
    idempotencyKey: string | undefined;
    body: Record<string, unknown>;
  }[] = [];
  const refunds = new Map<string, { id: string; payment_intent: string }>();
  let counter = 0;
  /** The next calls answer this error instead (Stripe's shape), as a Stripe outage or a revoked key would. */
  const failures: {
    path?: string;
    error: { status: number; type: string; message: string; code?: string };
  }[] = [];

  const readBody = (request: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let data = '';
      request.on('data', (chunk) => (data += chunk));
      request.on('end', () => resolve(data));
    });

  const server: Server = createServer(async (request, response) => {
    const body = qs.parse(await readBody(request)) as Record<string, unknown>;
    const path = (request.url ?? '').split('?')[0]!;
    const idempotencyKey = request.headers['idempotency-key'];
    requests.push({
      method: request.method ?? '',
      path,
      authorization: request.headers.authorization,
      idempotencyKey: typeof idempotencyKey === 'string' ? idempotencyKey : undefined,
      body,
    });
    const send = (status: number, payload: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${counter}` });
      response.end(JSON.stringify(payload));
    };
    const failing = failures.findIndex((failure) => failure.path === undefined || failure.path === path);
    if (failing >= 0) {
      const [{ error }] = failures.splice(failing, 1) as [(typeof failures)[number]];
      return send(error.status, { error });
    }
    if (request.method === 'POST' && path === '/v1/refunds') {
      const intentId = String(body.payment_intent);
      const key = typeof idempotencyKey === 'string' ? idempotencyKey : `none-${++counter}`;
      const refund = refunds.get(key) ?? { id: `re_fake${++counter}`, payment_intent: intentId };
      refunds.set(key, refund);
      return send(200, { object: 'refund', status: 'succeeded', ...refund });
    }
    if (request.method === 'POST' && path === '/v1/payment_intents') {
      const id = `pi_fake${++counter}`;
      const intent: FakeIntent = {
        id,
        object: 'payment_intent',
        amount: Number(body.amount),
        currency: String(body.currency),
        status: 'requires_payment_method',
        client_secret: `${id}_secret_fake${counter}`,
        metadata: (body.metadata ?? {}) as Record<string, string>,
      };
      intents.set(id, intent);
      return send(200, intent);
    }
    const match = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
    if (request.method === 'GET' && match) {
      const intent = intents.get(decodeURIComponent(match[1]!));
      if (intent) return send(200, intent);
      return send(404, {
        error: {
          type: 'invalid_request_error',
          code: 'resource_missing',
          message: `No such payment_intent: '${match[1]}'`,
        },
      });
    }
    send(404, { error: { type: 'invalid_request_error', message: 'Unrecognized request URL' } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    connection: { host: '127.0.0.1', port, protocol: 'http' as const },
    requests,
    succeed(id: string) {
      intents.get(id)!.status = 'succeeded';
    },
    /** Refunds made, one per idempotency key. */
    refunds: () => [...refunds.values()],
    /** Makes the next `times` calls (to `path` only, when given) fail with Stripe's error shape. */
    failNext(
      times: number,
      error: { status: number; type: string; message: string; code?: string },
      path?: string,
    ) {
      for (let i = 0; i < times; i++) failures.push({ path, error });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
