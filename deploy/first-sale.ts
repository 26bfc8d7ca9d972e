// compose.yaml measured (issue 26): from `compose up -d` (images built, deploy/env made, stack down) to
// every service healthy, and to the first sale through the balancer's https: a seller account made admin, a
// product, a shopper who signs up, opens the product (the cart lives in the browser) and orders it cash on
// delivery, the one way production takes an order without a payment provider. Then whether the balancer
// spreads over both apis, and whether the shop keeps answering while one of them restarts.
//
//   node deploy/first-sale.ts                                  # podman: deploy/offline-images/compose.sh
//   COMPOSE="docker compose" ENGINE=docker node deploy/first-sale.ts
//   node deploy/first-sale.ts --already-up                     # the sale and checks on a running stack
//
// Healthy is what the engine says of each container's own health check (State.Health), as compose's
// `service_healthy` reads it. Not part of `pnpm test`: it needs a container engine and the images.
import { execFile, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { request } from 'node:https';
import { promisify } from 'node:util';

const run = promisify(execFile);
const compose = (process.env.COMPOSE ?? 'deploy/offline-images/compose.sh').split(' ');
const engine = process.env.ENGINE ?? 'podman';
const HOST = 'shop.localhost';
const ORIGIN = `https://${HOST}`;
const started = performance.now();
const seconds = () => ((performance.now() - started) / 1000).toFixed(1);
const log = (message: string) => console.log(`[${seconds().padStart(6)} s] ${message}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Container {
  name: string;
  service: string;
  state: string;
}

async function containers(): Promise<Container[]> {
  const { stdout } = await run(engine, [
    'ps',
    '-a',
    '--format',
    'json',
    '--filter',
    'label=com.docker.compose.service',
  ]);
  const rows = JSON.parse(stdout || '[]') as {
    Names: string[] | string;
    State: string;
    Labels: Record<string, string>;
  }[];
  return rows.map((row) => ({
    name: Array.isArray(row.Names) ? row.Names[0]! : row.Names,
    service: row.Labels['com.docker.compose.service'] ?? '',
    state: row.State,
  }));
}

async function healthy(container: Container): Promise<boolean> {
  if (container.state !== 'running') return false;
  const { stdout } = await run(engine, ['inspect', '--format', '{{json .State.Health}}', container.name]);
  const health = JSON.parse(stdout.trim() || 'null') as { Status?: string } | null;
  // No health check (lb, mailpit): running is all it promises.
  return !health?.Status || health.Status === 'healthy';
}

// The balancer's certificate comes from Caddy's own CA: trusted here by reading its root from the container.
let caddyRoot: string | undefined;

interface Answer {
  status: number;
  body: string;
  json: () => Record<string, unknown>;
}

function https(
  method: string,
  path: string,
  options: { body?: unknown; token?: string } = {},
): Promise<Answer> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const call = request(
      {
        host: '127.0.0.1',
        servername: HOST,
        port: 443,
        method,
        path,
        ca: caddyRoot,
        timeout: 15_000,
        headers: {
          host: HOST,
          origin: ORIGIN,
          accept: 'application/json',
          ...(payload ? { 'content-type': 'application/json' } : {}),
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const body = Buffer.concat(chunks).toString('utf8');
          resolve({
            status: response.statusCode ?? 0,
            body,
            json: () => JSON.parse(body) as Record<string, unknown>,
          });
        });
      },
    );
    call.on('timeout', () => call.destroy(new Error('timed out')));
    call.on('error', reject);
    call.end(payload);
  });
}

async function expect(
  what: string,
  answer: Promise<Answer>,
  status: number,
): Promise<Record<string, unknown>> {
  const got = await answer;
  if (got.status !== status) throw new Error(`${what}: ${got.status} ${got.body.slice(0, 300)}`);
  return got.body ? got.json() : {};
}

/** Services that run once and must end with 0 (compose's service_completed_successfully). */
const ONE_SHOT = ['buckets', 'lb-ca'];
const SERVICES = ['api-1', 'api-2', 'web', 'lb', 'postgres', 'redis', 'minio', 'mailpit', ...ONE_SHOT];

async function waitForHealthy(): Promise<number> {
  const done = new Set<string>();
  for (;;) {
    for (const container of await containers()) {
      if (done.has(container.service)) continue;
      if (ONE_SHOT.includes(container.service)) {
        if (container.state !== 'exited') continue;
        const { stdout } = await run(engine, ['inspect', '--format', '{{.State.ExitCode}}', container.name]);
        if (stdout.trim() !== '0') throw new Error(`${container.service} exited with ${stdout.trim()}`);
        done.add(container.service);
        log(`${container.service} done (exit 0)`);
      } else if (await healthy(container)) {
        done.add(container.service);
        log(`${container.service} healthy`);
      }
    }
    if (SERVICES.every((service) => done.has(service))) return Number(seconds());
    if (performance.now() - started > 300_000)
      throw new Error(
        `not healthy after 300 s: ${SERVICES.filter((service) => !done.has(service)).join(', ')}`,
      );
    await sleep(500);
  }
}

async function postgresName() {
  return (await containers()).find((container) => container.service === 'postgres')!.name;
}

async function firstSale(): Promise<{ orderId: string; total: unknown }> {
  const lb = (await containers()).find((container) => container.service === 'lb')!.name;
  caddyRoot = (await run(engine, ['exec', lb, 'cat', '/data/caddy/pki/authorities/local/root.crt'])).stdout;
  const tag = randomBytes(4).toString('hex');
  const password = `Pw-${randomBytes(12).toString('hex')}`;

  // The shop's front page, rendered by the page server behind the balancer.
  const page = await https('GET', '/');
  if (page.status !== 200 || !page.body.includes('<html')) throw new Error(`front page: ${page.status}`);

  // A seller: signs up, is made admin by hand (docs/deploy.md: the first admin), adds a product.
  const sellerEmail = `seller-${tag}@shop.localhost`;
  await expect(
    'seller sign-up',
    https('POST', '/api/v1/auth/register', { body: { name: 'Seller', email: sellerEmail, password } }),
    201,
  );
  await run(engine, [
    'exec',
    await postgresName(),
    'psql',
    '-U',
    'shop',
    '-d',
    'shop',
    '-c',
    `update users set role = 'admin' where email = '${sellerEmail}'`,
  ]);
  const seller = await expect(
    'seller sign-in',
    https('POST', '/api/v1/auth/login', { body: { email: sellerEmail, password } }),
    200,
  );
  const created = await expect(
    'new product',
    https('POST', '/api/v1/admin/product/new', {
      token: seller.accessToken as string,
      body: {
        name: `Compose test laptop ${tag}`,
        price: 499,
        description: 'The first sale of a fresh stack.',
        category: 'Laptop',
        stock: 5,
      },
    }),
    201,
  );
  const productId =
    (created.product as { _id?: string; id?: string })._id ?? (created.product as { id: string }).id;
  log(`product ${productId} created by the seller`);

  // A shopper: signs up, opens the product (the cart is kept in the browser), orders it cash on delivery.
  const shopper = await expect(
    'shopper sign-up',
    https('POST', '/api/v1/auth/register', {
      body: { name: 'Shopper', email: `shopper-${tag}@shop.localhost`, password },
    }),
    201,
  );
  const token = shopper.accessToken as string;
  await expect('product page', https('GET', `/api/v1/product/${productId}`), 200);
  const methods = await expect(
    'payment methods',
    https('GET', '/api/v1/payment/methods?amount=49900&pinCode=411001', { token }),
    200,
  );
  log(`payment methods offered: ${JSON.stringify(methods).slice(0, 200)}`);
  const order = await expect(
    'cash-on-delivery order',
    https('POST', '/api/v1/order/cash-on-delivery', {
      token,
      body: {
        orderItems: [{ product: productId, quantity: 1 }],
        shippingInfo: {
          address: '1 MG Road',
          city: 'Pune',
          state: 'Maharashtra',
          country: 'India',
          pinCode: '411001',
          phoneNo: '9876543210',
        },
      },
    }),
    201,
  );
  const placed = order.order as { _id?: string; id?: string; totalPrice: unknown };
  return { orderId: placed._id ?? placed.id ?? '?', total: placed.totalPrice };
}

/** Requests each api instance has answered for `route`, from its own /metrics (METRICS_PORT, inside). */
async function answered(route: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const container of (await containers()).filter((entry) => entry.service.startsWith('api-'))) {
    const { stdout } = await run(engine, [
      'exec',
      container.name,
      'node',
      '-e',
      // The instance's own METRICS_TOKEN, read inside its container.
      "fetch('http://127.0.0.1:9464/metrics',{headers:{authorization:'Bearer '+process.env.METRICS_TOKEN}})" +
        '.then(r=>r.text()).then(t=>process.stdout.write(t))',
    ]);
    counts[container.service] = stdout
      .split('\n')
      .filter(
        (line) =>
          line.startsWith('http_request_duration_seconds_count{') && line.includes(`route="${route}"`),
      )
      .reduce((sum, line) => sum + Number(line.split(' ').pop()), 0);
  }
  return counts;
}

async function spread() {
  const route = '/api/v1/products';
  const before = await answered(route);
  for (let i = 0; i < 20; i++) await expect('products', https('GET', route), 200);
  const after = await answered(route);
  return Object.fromEntries(
    Object.keys(after).map((service) => [service, after[service]! - (before[service] ?? 0)]),
  );
}

/** The shop asked every 100 ms while api-1 restarts: how many answers were not 200. */
async function restartOne() {
  const api1 = (await containers()).find((container) => container.service === 'api-1')!.name;
  let asked = 0;
  let failed = 0;
  const failures: string[] = [];
  let restarting = true;
  const restart = run(engine, ['restart', api1]).finally(() => (restarting = false));
  const askedFrom = performance.now();
  while (restarting || performance.now() - askedFrom < 15_000) {
    asked++;
    try {
      const answer = await https('GET', '/api/v1/products');
      if (answer.status !== 200) {
        failed++;
        failures.push(String(answer.status));
      }
    } catch (error) {
      failed++;
      failures.push((error as Error).message);
    }
    await sleep(100);
  }
  await restart;
  return { asked, failed, failures: [...new Set(failures)] };
}

async function main() {
  // --already-up: the stack is running; the figures are then counted from this script's start.
  if (!process.argv.includes('--already-up')) {
    log(`${compose.join(' ')} up -d`);
    execFileSync(compose[0]!, [...compose.slice(1), 'up', '-d'], { stdio: ['ignore', 'ignore', 'inherit'] });
    log('up returned');
  }
  const toHealthy = await waitForHealthy();
  log(`all services healthy: ${toHealthy} s after up`);
  const sale = await firstSale();
  const toSale = Number(seconds());
  log(`first sale: order ${sale.orderId}, ₹${String(sale.total)} cash on delivery, ${toSale} s after up`);
  const perInstance = await spread();
  log(`20 requests through the balancer, answered per instance: ${JSON.stringify(perInstance)}`);
  const restart = await restartOne();
  log(
    `api-1 restarted while asking every 100 ms: ${restart.asked} asked, ${restart.failed} not answered ${restart.failures.join(', ')}`,
  );
  console.log(
    JSON.stringify(
      { upToHealthySeconds: toHealthy, upToFirstSaleSeconds: toSale, perInstance, restart },
      null,
      2,
    ),
  );
}

main().catch((error: unknown) => {
  console.error(`[${seconds()} s] failed:`, error);
  process.exit(1);
});
