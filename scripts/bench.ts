import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { frontendApps, repoRoot } from './lib/apps.ts';
import { buildMissingApps } from './lib/build-apps.ts';
import { startShop } from './lib/shop-process.ts';
import { startThrowawayPostgres } from './lib/throwaway-postgres.ts';
import { runLighthouse, type LighthouseFigures } from './bench/lighthouse.ts';
import { measurePage, type PageWeight } from './bench/page-weight.ts';

// `pnpm bench`: performance figures of the assembled production build, printed and written to .bench/.
// Figures, not pass/fail: budgets are read by people, not asserted by tests.
const ports = { shell: 4200, storefront: 4201, admin: 4202, api: 3200 };
const outDir = path.join(repoRoot, '.bench');
mkdirSync(outDir, { recursive: true });

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

/** The guest's pages the storefront brings: `/`, the catalog and a product page (its id read from the api). */
async function guestPages(apiUrl: string): Promise<string[]> {
  const list = (await (await fetch(`${apiUrl}/api/v1/products`)).json()) as { products: { _id: string }[] };
  return ['/', '/products', `/product/${list.products[0]!._id}`];
}

function printPage(weight: PageWeight) {
  console.log(`\nGuest opening ${weight.path} (assembled production build, Chromium)`);
  console.table({
    'requests (all)': { value: weight.requests },
    'script requests': { value: weight.scriptRequests },
    'JS raw KB': { value: kb(weight.js.raw) },
    'JS gzip KB (level 6)': { value: kb(weight.js.gzip) },
    'JS on the wire KB (brotli)': { value: kb(weight.js.transferred) },
    'federation runtime + entries: files': { value: weight.federation.files },
    'federation runtime + entries: gzip KB': { value: kb(weight.federation.gzip) },
    'admin remote requests': { value: weight.adminRemote.requests },
    'admin remote bytes': { value: weight.adminRemote.bytes },
  });
  const largest = weight.files
    .filter((file) => file.type === 'script')
    .sort((a, b) => b.gzip - a.gzip)
    .slice(0, 6)
    .map((file) => ({
      origin: file.origin,
      file: path.basename(new URL(file.url).pathname).slice(0, 70),
      'gzip KB': kb(file.gzip),
    }));
  console.log('Largest scripts:');
  console.table(largest);
}

/** The median of each figure over `runs` Lighthouse runs (one run moves by several points with load). */
async function medianLighthouse(url: string, runs: number): Promise<LighthouseFigures> {
  const all: LighthouseFigures[] = [];
  for (let run = 0; run < runs; run += 1) all.push(await runLighthouse(url));
  const median = (key: Exclude<keyof LighthouseFigures, 'url'>) => {
    const sorted = all.map((figures) => figures[key]).sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)]!;
  };
  return {
    url,
    performance: median('performance'),
    accessibility: median('accessibility'),
    bestPractices: median('bestPractices'),
    lcpMs: median('lcpMs'),
    fcpMs: median('fcpMs'),
    tbtMs: median('tbtMs'),
    cls: median('cls'),
  };
}

await buildMissingApps(frontendApps);
const shop = await startShop(ports);
const results: Record<string, unknown> = { measuredAt: new Date().toISOString(), node: process.version };
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
try {
  const pages: Record<string, unknown> = {};
  const lighthouse: LighthouseFigures[] = [];
  for (const pagePath of [...(await guestPages(`http://localhost:${ports.api}`)), '/about']) {
    const weight = await measurePage(shop.shellUrl, pagePath, ports);
    printPage(weight);
    pages[pagePath] = {
      ...weight,
      files: weight.files.map(({ url, ...rest }) => ({ url: new URL(url).pathname, ...rest })),
    };
    lighthouse.push(await medianLighthouse(new URL(pagePath, shop.shellUrl).href, runs));
  }
  console.log(`\nLighthouse (mobile, simulated throttling; median of ${runs} runs)`);
  console.table(lighthouse.map(({ url, ...figures }) => ({ page: new URL(url).pathname, ...figures })));
  results.lighthouse = lighthouse;
  results.pages = pages;
} finally {
  await shop.stop();
}

if (process.env.BENCH_SKIP_API) {
  const file = path.join(outDir, 'results.json');
  writeFileSync(file, JSON.stringify(results, null, 2));
  console.log(`\nwritten: ${path.relative(repoRoot, file)} (BENCH_SKIP_API: no api figures)`);
  process.exit(0);
}

// The api's own benchmark (throughput and latency per route, PGlite and PostgreSQL).
const apiBench = path.join(repoRoot, 'api', 'bench', 'run.ts');
if (existsSync(apiBench)) {
  const apiJson = path.join(outDir, 'api.json');
  // On PostgreSQL too: BENCH_DATABASE_URL names one, else a throwaway cluster when PostgreSQL is installed.
  const postgres = process.env.BENCH_DATABASE_URL ? undefined : startThrowawayPostgres();
  if (!process.env.BENCH_DATABASE_URL && !postgres)
    console.log('PostgreSQL is not installed: api figures on PGlite only');
  try {
    const env = { ...process.env, ...(postgres ? { BENCH_DATABASE_URL: postgres.url } : {}) };
    const run = spawnSync(process.execPath, [apiBench, '--json', apiJson], {
      stdio: 'inherit',
      cwd: repoRoot,
      env,
    });
    results.api = run.status === 0 ? apiJson : `api bench failed with exit code ${run.status}`;
  } finally {
    postgres?.stop();
  }
}

const file = path.join(outDir, 'results.json');
writeFileSync(file, JSON.stringify(results, null, 2));
console.log(`\nwritten: ${path.relative(repoRoot, file)}`);
