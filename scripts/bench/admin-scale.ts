import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { repoRoot } from '../lib/apps.ts';
import { startShop } from '../lib/shop-process.ts';
import { measureAdminLists } from './admin-lists.ts';
import { kb } from './figure-format.ts';

/** Issue 10, point 8: a shop of 5,000 orders, 2,000 users and 500 products, each admin list timed. */
export async function adminScaleFigures(admin: { email: string; password: string }) {
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
