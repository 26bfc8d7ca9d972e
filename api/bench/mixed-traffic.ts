// Mixed traffic (issue 13 §2): `node api/bench/mixed-traffic.ts [--seconds 60] [--rate 50] [--json out.json]`.
// Starts the real api (node api/src/server.ts, fresh PGlite, demo seed, local card gateway) on a loopback
// port and sends it, open loop at a fixed rate of shopper actions per second, what a shop's visitors do:
// browse the product list, open a product, add to cart (client-side: the product and stock read it makes),
// and check out as the browser does (payment/process, payment/confirm with the test card, order/new) as
// signed-in shoppers. Prints requests, errors (any answer that is not the expected 2xx) and p50/p99 per
// kind. Figures, not pass/fail: CI does not run it.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../test/helpers/free-port.ts';
import { httpShop } from '../test/helpers/http-shop.ts';
import { runMixedTraffic, type TrafficReport } from './mixed-traffic/driver.ts';
import { prepareCatalog } from './mixed-traffic/catalog.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

function argument(name: string) {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
}
const seconds = Number(argument('seconds') ?? 60);
const rate = Number(argument('rate') ?? 50);
const jsonOut = argument('json');
const SHOPPERS = 10;

async function main() {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-mixed-traffic-'));
  const server = spawn(process.execPath, [path.resolve(here, '..', 'src', 'server.ts')], {
    env: {
      ...process.env,
      API_PORT: String(port),
      API_HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      SEED_DEMO: '1',
      PAYMENT_GATEWAY: 'local',
      // Every simulated shopper comes from one loopback address: the per-address limits, meant for one
      // person, would refuse the crowd after a few seconds.
      AUTH_RATE_LIMIT: '100000',
      PAYMENT_RATE_LIMIT: '100000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}/api/v1`;
  try {
    const deadline = Date.now() + 60_000;
    while (
      !(await fetch(`${base}/health`).then(
        (r) => r.ok,
        () => false,
      ))
    ) {
      if (server.exitCode !== null || Date.now() > deadline) throw new Error('the api did not start');
      await new Promise((done) => setTimeout(done, 200));
    }
    const shop = httpShop(base);
    const products = await prepareCatalog(shop);
    const shoppers = [];
    for (let n = 0; n < SHOPPERS; n++)
      shoppers.push(await shop.register(`load.${n}.${Date.now()}@example.com`));

    console.log(
      `\nMixed traffic: ${seconds} s at ${rate} shopper actions/s on loopback (api on PGlite, ${SHOPPERS} signed-in shoppers, ${products.length} products)`,
    );
    const report = await runMixedTraffic({ base, shop, shoppers, products, seconds, rate });
    printReport(report);
    if (jsonOut) writeFileSync(jsonOut, JSON.stringify(report, null, 2));
    if (report.totals.errors > 0) process.exitCode = 1;
  } finally {
    if (server.exitCode === null) {
      const exited = new Promise((done) => server.once('exit', done));
      server.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function printReport(report: TrafficReport) {
  console.table(report.kinds);
  console.log(
    `requests ${report.totals.requests} (${report.totals.perSecond}/s), errors ${report.totals.errors}, checkouts ${report.totals.orders} orders`,
  );
  for (const sample of report.errorSamples) console.log(`  error: ${sample}`);
}

await main();
