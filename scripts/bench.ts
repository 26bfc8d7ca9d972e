import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { frontendApps, repoRoot } from './lib/apps.ts';
import { buildMissingApps } from './lib/build-apps.ts';
import { startShop } from './lib/shop-process.ts';
import { startThrowawayPostgres } from './lib/throwaway-postgres.ts';
import { runLighthouse, type LighthouseFigures } from './bench/lighthouse.ts';
import { measureAdminLists } from './bench/admin-lists.ts';
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

const shopper = { email: 'shopper@example.com', password: 'Shopper12345' };
const admin = { email: 'admin@example.com', password: 'Admin12345' };

/** What a page loaded from the admin remote: scripts, gzip level 6, and the dashboard chart's own chunk. */
function adminRemoteFigures(weight: PageWeight, who: string) {
  const scripts = weight.files.filter((file) => file.origin === 'admin' && file.type === 'script');
  const chart = scripts.filter((file) => /RevenueChart-/.test(file.url));
  return {
    page: weight.path,
    who,
    'page JS gzip KB': kb(weight.js.gzip),
    'admin remote requests': weight.adminRemote.requests,
    'admin remote bytes (raw)': weight.adminRemote.bytes,
    'admin remote JS gzip KB': kb(scripts.reduce((n, file) => n + file.gzip, 0)),
    'chart chunk gzip KB': kb(chart.reduce((n, file) => n + file.gzip, 0)),
  };
}

/** Issue 10, point 8: a shop of 5,000 orders, 2,000 users and 500 products, each admin list timed. */
async function adminScaleFigures() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-bench-scale-'));
  const scalePorts = { shell: 4210, storefront: 4211, admin: 4212, api: 3210 };
  try {
    const seeded = spawnSync(
      process.execPath,
      [path.join(repoRoot, 'api', 'bench', 'seed-admin-scale.ts'), dataDir],
      {
        cwd: repoRoot,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    if (seeded.status !== 0) throw new Error(`seeding the grown shop failed (exit ${seeded.status})`);
    const totals = JSON.parse(seeded.stdout.trim().split('\n').at(-1)!) as Record<string, unknown>;
    const scaleShop = await startShop(scalePorts, { DATA_DIR: dataDir });
    try {
      // The api's answers themselves: the spec's whole list against one page with its figures.
      const apiBase = `http://localhost:${scalePorts.api}/api/v1`;
      const login = await fetch(`${apiBase}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(admin),
      });
      const { accessToken } = (await login.json()) as { accessToken: string };
      const answers = [];
      for (const list of ['orders', 'users', 'products']) {
        for (const query of ['', '?page=1&limit=10']) {
          const times: number[] = [];
          let bytes = 0;
          for (let run = 0; run < 3; run++) {
            const started = performance.now();
            const response = await fetch(`${apiBase}/admin/${list}${query}`, {
              headers: { Authorization: `Bearer ${accessToken}` },
            });
            bytes = (await response.arrayBuffer()).byteLength;
            times.push(performance.now() - started);
          }
          answers.push({
            answer: `GET /admin/${list}${query}`,
            'KB (uncompressed)': kb(bytes),
            'median ms': Math.round(times.sort((a, b) => a - b)[1]!),
          });
        }
      }
      const lists = await measureAdminLists(scaleShop.shellUrl, admin);
      return { totals, answers, lists };
    } finally {
      await scaleShop.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
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

  // The admin remote: what an admin's dashboard loads from it, and that guests and shoppers load none.
  const loads = [
    adminRemoteFigures(await measurePage(shop.shellUrl, '/', ports), 'guest'),
    adminRemoteFigures(await measurePage(shop.shellUrl, '/login', ports), 'guest'),
    adminRemoteFigures(await measurePage(shop.shellUrl, '/', ports, shopper), 'shopper'),
    adminRemoteFigures(await measurePage(shop.shellUrl, '/account', ports, shopper), 'shopper'),
    adminRemoteFigures(
      await measurePage(shop.shellUrl, '/admin/dashboard', ports, shopper),
      'shopper (sent to /account)',
    ),
    adminRemoteFigures(await measurePage(shop.shellUrl, '/admin/dashboard', ports, admin), 'admin'),
  ];
  console.log('\nThe admin remote per page (assembled production build, first visit, Chromium)');
  console.table(loads);
  results.adminRemote = loads;
} finally {
  await shop.stop();
}

// Issue 10, point 8: the admin lists at scale (skipped with the api figures: it starts its own api).
if (!process.env.BENCH_SKIP_API) {
  // Issue 10, point 8: the admin lists at scale.
  const scale = await adminScaleFigures();
  console.log(`\nAdmin lists in a grown shop (${JSON.stringify(scale.totals)})`);
  console.table(scale.answers);
  console.log(
    'In Chromium: open = menu click to first row; search = typing to matching rows (includes the 250 ms pause);',
  );
  console.log(
    'page = Next to the new rows; longest task = the longest main-thread block seen (a stall above ~100 ms)',
  );
  console.table(scale.lists);
  results.adminScale = scale;
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
