import { priceOrder } from '@shop/shared-api/schemas';
import type { HttpShop, HttpUser } from '../../test/helpers/http-shop.ts';
import type { BenchProduct } from './catalog.ts';
import { percentile } from '../percentiles.ts';

/** Shares of the shopper actions: most visitors look, fewer add to cart, a tenth check out. */
const MIX = [
  { kind: 'browse', share: 0.45 },
  { kind: 'product', share: 0.3 },
  { kind: 'add to cart', share: 0.15 },
  { kind: 'checkout', share: 0.1 },
] as const;
type Action = (typeof MIX)[number]['kind'];

const CATEGORIES = ['Laptop', 'Footwear', 'Bottom', 'Tops', 'Attire', 'Camera', 'SmartPhones'];
const KEYWORDS = ['shirt', 'phone', 'camera', 'shoe', 'laptop', 'watch'];

export interface TrafficReport {
  seconds: number;
  rate: number;
  kinds: Record<string, { requests: number; errors: number; 'p50 ms': number; 'p99 ms': number }>;
  totals: { requests: number; perSecond: number; errors: number; orders: number };
  errorSamples: string[];
}

/** A small seeded generator, so two runs send the same traffic. */
function randomFrom(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Open loop: action n starts at n / rate seconds whether or not earlier ones have answered, so a slow api
 * shows up as latency (and errors), not as fewer requests sent.
 */
export async function runMixedTraffic(options: {
  base: string;
  shop: HttpShop;
  shoppers: HttpUser[];
  products: BenchProduct[];
  seconds: number;
  rate: number;
}): Promise<TrafficReport> {
  const { shop, shoppers, products, seconds, rate } = options;
  const random = randomFrom(13);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const timings = new Map<string, number[]>();
  const errors = new Map<string, number>();
  const errorSamples: string[] = [];
  let orders = 0;

  /** One request, timed under `kind`; false (and counted) when it is not the expected answer. */
  async function timed(
    kind: string,
    expected: number,
    send: () => Promise<{ status: number; body: unknown }>,
  ) {
    const started = performance.now();
    let problem: string | undefined;
    let body: unknown;
    try {
      const answer = await send();
      body = answer.body;
      if (answer.status !== expected) problem = `${kind}: ${answer.status} ${JSON.stringify(answer.body)}`;
    } catch (error) {
      problem = `${kind}: ${String(error)}`;
    }
    const list = timings.get(kind) ?? [];
    list.push(performance.now() - started);
    timings.set(kind, list);
    if (problem) {
      errors.set(kind, (errors.get(kind) ?? 0) + 1);
      if (errorSamples.length < 5) errorSamples.push(problem.slice(0, 300));
      return undefined;
    }
    return body as Record<string, unknown>;
  }

  function browseUrl() {
    const roll = random();
    if (roll < 0.5) return `/products?page=${1 + Math.floor(random() * 2)}`;
    if (roll < 0.75) return `/products?category=${pick(CATEGORIES)}`;
    return `/products?keyword=${pick(KEYWORDS)}`;
  }

  async function checkout(shopper: HttpUser) {
    const started = performance.now();
    const lines = [{ product: pick(products), quantity: 1 + Math.floor(random() * 2) }];
    const { totalPaise } = priceOrder(
      lines.map((line) => ({ pricePaise: line.product.pricePaise, quantity: line.quantity })),
    );
    const created = await timed('checkout: payment/process', 200, () =>
      shop.call('POST', '/payment/process', { amount: totalPaise }, shopper.auth),
    );
    if (!created) return;
    const clientSecret = created.client_secret as string;
    const confirmed = await timed('checkout: payment/confirm', 200, () =>
      shop.call('POST', '/payment/confirm', {
        client_secret: clientSecret,
        card: { number: '4242424242424242', expiry: '12/34', cvc: '123' },
        billing_details: { name: 'Load Shopper', email: shopper.email },
      }),
    );
    if (!confirmed) return;
    const order = await timed('checkout: order/new', 201, () =>
      shop.order(shopper, lines[0]!.product.id, lines[0]!.quantity, clientSecret.split('_secret_')[0]!),
    );
    if (!order) return;
    orders++;
    const whole = timings.get('checkout (3 calls)') ?? [];
    whole.push(performance.now() - started);
    timings.set('checkout (3 calls)', whole);
  }

  function act(action: Action, n: number): Promise<unknown> {
    switch (action) {
      case 'browse':
        return timed('browse', 200, () => shop.call('GET', browseUrl()));
      case 'product':
        return timed('product', 200, () => shop.call('GET', `/product/${pick(products).id}`));
      case 'add to cart':
        // The cart lives in the browser; adding reads the product for its price and stock.
        return timed('add to cart', 200, () => shop.call('GET', `/product/${pick(products).id}`));
      case 'checkout':
        return checkout(shoppers[n % shoppers.length]!);
    }
  }

  const pending: Promise<unknown>[] = [];
  const total = Math.round(seconds * rate);
  const start = performance.now();
  for (let n = 0; n < total; n++) {
    const due = start + (n * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((done) => setTimeout(done, wait));
    let roll = random();
    const action = MIX.find((entry) => (roll -= entry.share) < 0)?.kind ?? 'browse';
    pending.push(act(action, n));
  }
  await Promise.all(pending);
  const elapsed = (performance.now() - start) / 1000;

  const kinds: TrafficReport['kinds'] = {};
  let requests = 0;
  let errorCount = 0;
  for (const [kind, list] of timings) {
    const sorted = [...list].sort((a, b) => a - b);
    const kindErrors = errors.get(kind) ?? 0;
    if (!kind.startsWith('checkout (')) {
      requests += list.length;
      errorCount += kindErrors;
    }
    kinds[kind] = {
      requests: list.length,
      errors: kindErrors,
      'p50 ms': Math.round(percentile(sorted, 50) * 10) / 10,
      'p99 ms': Math.round(percentile(sorted, 99) * 10) / 10,
    };
  }
  return {
    seconds,
    rate,
    kinds,
    totals: { requests, perSecond: Math.round(requests / elapsed), errors: errorCount, orders },
    errorSamples,
  };
}
