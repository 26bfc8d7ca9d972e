// How long `pnpm backup` and `pnpm restore` take on a grown shop (issue 26):
//   node api/bench/backup-time.ts [--products 10000] [--orders 5000]
// Seeds a throwaway DATA_DIR with seed-admin-scale.ts (demo data, then users, products and orders up to the
// counts) and the demo images, then runs the same commands an operator does (api/src/backup/cli.ts) and
// times them: the backup of the stopped embedded database, and its restore into a fresh data folder.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_SCALE, seedAdminScale } from './seed-admin-scale.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const argument = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? Number(process.argv[index + 1]) : fallback;
};
const counts = { ...DEFAULT_SCALE, products: argument('products', 10_000), orders: argument('orders', 5000) };
const scratch = mkdtempSync(path.join(tmpdir(), 'shop-backup-bench-'));
const cli = path.resolve(here, '..', 'src', 'backup', 'cli.ts');
const env = { PATH: process.env.PATH, JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256' };

const timed = (label: string, args: string[], dataDir: string) => {
  const started = performance.now();
  const output = execFileSync(process.execPath, [cli, ...args], {
    env: { ...env, DATA_DIR: dataDir },
    encoding: 'utf8',
  });
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `${label}: ${seconds.toFixed(1)} s (whole command, node start included)\n  ${output.trim().replace(/\n/g, '\n  ')}`,
  );
  return seconds;
};

try {
  const source = path.join(scratch, 'source');
  const seeded = performance.now();
  const totals = await seedAdminScale(source, counts);
  console.log(`Seeded ${JSON.stringify(totals)} in ${((performance.now() - seeded) / 1000).toFixed(1)} s`);
  timed('backup', ['backup', '--to', path.join(scratch, 'backups')], source);
  const [name] = readdirSync(path.join(scratch, 'backups'));
  const size = execFileSync('du', ['-sh', path.join(scratch, 'backups', name!)], { encoding: 'utf8' }).split(
    '\t',
  )[0];
  console.log(`  backup size on disk: ${size}`);
  timed(
    'restore into a fresh data folder',
    ['restore', path.join(scratch, 'backups', name!)],
    path.join(scratch, 'restored'),
  );
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
