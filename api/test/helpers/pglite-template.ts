import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { openDatabase } from '../../src/db/client.ts';
import { PGLITE_TEMPLATE } from './fresh-database.ts';

// The api project's global setup: one migrated in-memory PGlite database for the whole run, kept as a file
// that every test file's fresh database starts from (fresh-database.ts). An empty PGlite is ~1.1 s of
// initdb in WebAssembly; loading this copy ~0.3 s, and the api's files run one at a time.
export async function setup() {
  if (process.env.DATABASE_URL) return;
  const database = await openDatabase({ pgliteDir: 'memory' });
  const client = (database.db as unknown as { $client: PGlite }).$client;
  const dump = await client.dumpDataDir('none');
  await database.close();
  const dir = mkdtempSync(path.join(tmpdir(), 'shop-api-template-'));
  const file = path.join(dir, 'migrated.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  // Read by the test processes, which start after this.
  process.env[PGLITE_TEMPLATE] = file;
  return () => {
    delete process.env[PGLITE_TEMPLATE];
    rmSync(dir, { recursive: true, force: true });
  };
}
