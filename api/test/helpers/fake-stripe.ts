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
    body: Record<string, unknown>;
  }[] = [];
  let counter = 0;

  const readBody = (request: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let data = '';
      request.on('data', (chunk) => (data += chunk));
      request.on('end', () => resolve(data));
    });

  const server: Server = createServer(async (request, response) => {
    const body = qs.parse(await readBody(request)) as Record<string, unknown>;
    const path = (request.url ?? '').split('?')[0]!;
    requests.push({ method: request.method ?? '', path, authorization: request.headers.authorization, body });
    const send = (status: number, payload: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${counter}` });
      response.end(JSON.stringify(payload));
    };
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
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
