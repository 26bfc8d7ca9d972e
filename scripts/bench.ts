import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { frontendApps, repoRoot } from './lib/apps.ts';
import { buildMissingApps } from './lib/build-apps.ts';
import { startShop } from './lib/shop-process.ts';
import { startThrowawayPostgres } from './lib/throwaway-postgres.ts';
import { runLighthouse } from './bench/lighthouse.ts';
import { measurePage, type PageWeight } from './bench/page-weight.ts';

// `pnpm bench`: performance figures of the assembled production build, printed and written to .bench/.
// Figures, not pass/fail: budgets are read by people, not asserted by tests.
const ports = { shell: 4200, storefront: 4201, admin: 4202, api: 3200 };
const outDir = path.join(repoRoot, '.bench');
mkdirSync(outDir, { recursive: true });

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

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

await buildMissingApps(frontendApps);
const shop = await startShop(ports);
const results: Record<string, unknown> = { measuredAt: new Date().toISOString(), node: process.version };
try {
  const home = await measurePage(shop.shellUrl, '/', ports);
  printPage(home);
  const lighthouse = [];
  for (const pagePath of ['/', '/about'])
    lighthouse.push(await runLighthouse(new URL(pagePath, shop.shellUrl).href));
  console.log('\nLighthouse (mobile, simulated throttling)');
  console.table(lighthouse.map(({ url, ...figures }) => ({ page: new URL(url).pathname, ...figures })));
  results.lighthouse = lighthouse;
  results.pages = {
    '/': { ...home, files: home.files.map(({ url, ...rest }) => ({ url: new URL(url).pathname, ...rest })) },
  };
} finally {
  await shop.stop();
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
