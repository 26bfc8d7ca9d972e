import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import postgres from 'postgres';
import { insertBenchProductsPglite, insertBenchProductsPostgres } from './random-catalog.ts';

// The catalog bench's products: seeded into a stopped api's database (one generate_series statement, the
// indexes built after it: bulk-load.ts), on PGlite in the bench's data directory or on DATABASE_URL.

function directorySize(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    total += entry.isDirectory() ? directorySize(full) : statSync(full).size;
  }
  return total;
}

/**
 * Seeds `productCount` products with no server holding the database; answers the seconds taken and the
 * database's size in MB.
 */
export async function seedCatalogScale(
  dataDir: string,
  databaseUrl: string | undefined,
  productCount: number,
) {
  const started = performance.now();
  let sizeBytes: number;
  if (databaseUrl) {
    const client = postgres(databaseUrl, { max: 1, onnotice: () => {} });
    try {
      await insertBenchProductsPostgres(client, productCount);
      // Every table the seed wrote (the products and, by trigger, their names' words), as autovacuum does
      // after a bulk insert on a live database: index-only scans need the pages marked all-visible.
      await client.unsafe('vacuum analyze');
      sizeBytes = Number((await client`select pg_database_size(current_database()) as size`)[0]!.size);
    } finally {
      await client.end();
    }
  } else {
    const dir = path.join(dataDir, 'pglite');
    const db = new PGlite(dir, { extensions: { pg_trgm } });
    try {
      await insertBenchProductsPglite(db, productCount);
      await db.exec('vacuum analyze');
    } finally {
      await db.close();
    }
    sizeBytes = directorySize(dir);
  }
  return {
    seconds: Math.round((performance.now() - started) / 100) / 10,
    sizeMb: Math.round(sizeBytes / 2 ** 20),
  };
}
