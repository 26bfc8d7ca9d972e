import { afterEach, expect, it } from 'vitest';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startShop } from './shop-process.ts';

const ports = { shell: 4190, storefront: 4191, admin: 4192, api: 3190 };
const ownTmp = process.env.TMPDIR;
let scratch: string | undefined;

afterEach(() => {
  if (ownTmp === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = ownTmp;
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

// The benches and the dev-servers spec start a shop per run: one that fails to start must not leave its
// data directory (or its processes) behind for the next run to trip over.
it('rejects with the reason and leaves nothing behind when the shop fails to start', async () => {
  scratch = mkdtempSync(path.join(tmpdir(), 'shop-process-test-'));
  process.env.TMPDIR = scratch;
  // start.ts refuses a port that is not a number before it builds or listens on anything.
  await expect(startShop(ports, { API_PORT: 'not-a-port' })).rejects.toThrow(/exited with code 1/);
  expect(readdirSync(scratch)).toEqual([]);
}, 30_000);
