// What /metrics and tracing cost a request (issue 26): `node api/bench/observability-cost.ts [--seconds 5]
// [--rounds 3] [--connections 50] [--json out.json]`.
// Starts three api processes side by side on the same demo catalog (PGlite, fresh DATA_DIR each): plain,
// with metrics on (METRICS_PORT), and with tracing on (OTEL_EXPORTER_OTLP_ENDPOINT pointing at a stand-in
// collector in this process that reads and drops what it is sent). Then loads one at a time with
// autocannon, rounds interleaved (plain, metrics, tracing, plain, …) so a neighbour's load on the shared
// machine falls on all three alike, and prints each variant's median req/s and p99 next to the plain
// one's. Routes: the default product list (the cached answer: where a fixed cost per request shows most)
// and one product. Figures, not pass/fail: CI does not run it.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { freePort } from '../test/helpers/free-port.ts';
import { median } from './percentiles.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const argument = (name: string) => {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
};
const seconds = Number(argument('seconds') ?? 5);
const rounds = Number(argument('rounds') ?? 3);
const connections = Number(argument('connections') ?? 50);
const jsonOut = argument('json');

// The collector's stand-in: OTLP/HTTP answers 200 to whatever it is sent.
let exportedBytes = 0;
const collector = createServer((request, response) => {
  request.on('data', (chunk: Buffer) => (exportedBytes += chunk.length));
  // An empty ExportTraceServiceResponse: nothing rejected.
  request.on('end', () => response.writeHead(200, { 'content-type': 'application/x-protobuf' }).end());
});
await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
const collectorUrl = `http://127.0.0.1:${(collector.address() as { port: number }).port}`;

interface Variant {
  name: string;
  env: Record<string, string>;
  child?: ChildProcess;
  base?: string;
  dataDir?: string;
}
const variants: Variant[] = [
  { name: 'plain', env: {} },
  { name: 'metrics (METRICS_PORT)', env: { METRICS_PORT: '0' } },
  {
    name: 'tracing, 10% of requests sampled',
    env: {
      OTEL_EXPORTER_OTLP_ENDPOINT: collectorUrl,
      OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
      OTEL_TRACES_SAMPLER_ARG: '0.1',
    },
  },
  {
    name: 'tracing, every request sampled',
    env: { OTEL_EXPORTER_OTLP_ENDPOINT: collectorUrl },
  },
];

async function start(variant: Variant) {
  const port = await freePort();
  variant.dataDir = mkdtempSync(path.join(tmpdir(), 'shop-observability-bench-'));
  variant.base = `http://127.0.0.1:${port}`;
  variant.child = spawn(process.execPath, [path.resolve(here, '..', 'src', 'server.ts')], {
    env: {
      PATH: process.env.PATH,
      API_PORT: String(port),
      API_HOST: '127.0.0.1',
      DATA_DIR: variant.dataDir,
      LOG_LEVEL: 'warn',
      SEED_DEMO: '1',
      PAYMENT_GATEWAY: 'local',
      ...variant.env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (variant.child.exitCode !== null) throw new Error(`${variant.name}: exited ${variant.child.exitCode}`);
    const ok = await fetch(`${variant.base}/api/v1/health/live`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${variant.name}: not up within 60 s`);
}

async function stop(variant: Variant) {
  if (variant.child && variant.child.exitCode === null) {
    const exited = new Promise((resolve) => variant.child!.once('exit', resolve));
    variant.child.kill('SIGTERM');
    await exited;
  }
  if (variant.dataDir) rmSync(variant.dataDir, { recursive: true, force: true });
}

/** CPU seconds the process has used (user + system), from /proc: the cost that a neighbour's load does not blur. */
function cpuSecondsOf(child: ChildProcess) {
  const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime, fields 14 and 15 of stat (11 and 12 after the name), in clock ticks of 1/100 s.
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

try {
  for (const variant of variants) await start(variant);
  const list = (await (await fetch(`${variants[0]!.base}/api/v1/products`)).json()) as {
    products: { _id: string }[];
  };
  // The same seed in every data folder, but ids are random: each variant asks for its own first product.
  const firstProductOf = async (variant: Variant) =>
    ((await (await fetch(`${variant.base}/api/v1/products`)).json()) as { products: { _id: string }[] })
      .products[0]!._id;
  if (!list.products.length) throw new Error('the demo catalog is empty');
  const routes = [
    { name: 'product list (default)', path: async () => '/api/v1/products?keyword=&page=1' },
    {
      name: 'one product',
      path: async (variant: Variant) => `/api/v1/product/${await firstProductOf(variant)}`,
    },
  ];
  const figures: {
    route: string;
    variant: string;
    rps: number[];
    p99: number[];
    cpuMicros: number[];
    errors: number;
  }[] = [];
  for (const route of routes) {
    const urls = new Map<Variant, string>();
    for (const variant of variants) urls.set(variant, variant.base! + (await route.path(variant)));
    for (const variant of variants) {
      // Warm-up: JIT, the catalog cache and index.
      await autocannon({ url: urls.get(variant)!, connections, duration: 1 });
      figures.push({ route: route.name, variant: variant.name, rps: [], p99: [], cpuMicros: [], errors: 0 });
    }
    for (let round = 0; round < rounds; round++) {
      for (const variant of variants) {
        const cpuBefore = cpuSecondsOf(variant.child!);
        const result = await autocannon({ url: urls.get(variant)!, connections, duration: seconds });
        const cpu = cpuSecondsOf(variant.child!) - cpuBefore;
        const entry = figures.find(
          (figure) => figure.route === route.name && figure.variant === variant.name,
        )!;
        entry.rps.push(Math.round(result.requests.average));
        entry.cpuMicros.push(Math.round((cpu / result.requests.total) * 1e6));
        entry.p99.push(result.latency.p99);
        entry.errors += result.errors + result.non2xx;
      }
    }
  }
  const table = figures.map((figure) => {
    const plain = figures.find((other) => other.route === figure.route && other.variant === 'plain')!;
    const rps = median(figure.rps);
    return {
      route: figure.route,
      variant: figure.variant,
      'req/s (median)': rps,
      'req/s per round': figure.rps.join(' / '),
      'p99 ms (median)': median(figure.p99),
      'vs plain':
        figure === plain ? '' : `${(((rps - median(plain.rps)) / median(plain.rps)) * 100).toFixed(1)}%`,
      'api CPU µs/request (median)': median(figure.cpuMicros),
      'CPU vs plain':
        figure === plain
          ? ''
          : `+${(((median(figure.cpuMicros) - median(plain.cpuMicros)) / median(plain.cpuMicros)) * 100).toFixed(1)}%`,
      errors: figure.errors,
    };
  });
  console.log(
    `\n${connections} connections, ${seconds} s a measure, ${rounds} rounds interleaved; spans exported: ${(exportedBytes / 1e6).toFixed(1)} MB`,
  );
  console.table(table);
  if (jsonOut) writeFileSync(jsonOut, JSON.stringify({ connections, seconds, rounds, table }, null, 2));
} finally {
  for (const variant of variants) await stop(variant);
  collector.close();
}
