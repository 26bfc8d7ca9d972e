import { parentPort, workerData } from 'node:worker_threads';
import { connectInThread, type Db } from '../../db/client.ts';
import { createCatalogIndex } from '../catalog-index.ts';
import type { CatalogAnswer, CatalogRequest, CatalogThreadData } from './protocol.ts';

// The storefront list's memory index in a thread of its own (catalog-thread.ts starts it): loading the
// whole catalog held the api's thread for 240-480 ms at 90,000 products (the driver's rows, building the
// snapshot, the collection after it), and every request waited. Here only lists from memory wait; the api
// answers them from the database when this thread is slow (catalog-thread.ts).

/**
 * PostgreSQL connections of this thread's own: a load and a patch's read, or the changes feed, at once. On
 * PGlite its queries join the embedded database's one queue, through a port to that database's thread.
 */
const CONNECTIONS = 2;

const port = parentPort!;
const { database, ...options } = workerData as CatalogThreadData;
const connection = await connectInThread(database, CONNECTIONS);
// Loads, patches and the changes feed read the primary, as in the api's thread (a replica's copy of the
// revision can run ahead of its rows).
const primary = <T>(query: (db: Db) => Promise<T>) => query(connection.db);
const index = createCatalogIndex(primary, {
  ...options,
  readPrimary: primary,
  onHolding: (holding) => port.postMessage({ holding } satisfies CatalogAnswer),
  onOutgrown: () => port.postMessage({ outgrown: true } satisfies CatalogAnswer),
});

async function answer(request: Extract<CatalogRequest, { id: number }>): Promise<unknown> {
  switch (request.op) {
    case 'page':
      return (await index.currentPage(request.query, request.baseUrl)) ?? null;
    case 'suggest':
      return (await index.currentSuggestions(request.text, request.baseUrl)) ?? null;
    case 'product':
      return (await index.currentProduct(request.productId, request.baseUrl)) ?? null;
    case 'holds':
      return index.holdsCatalog();
    case 'warm':
      return index.warm();
    case 'close':
      await connection.close();
      return null;
  }
}

port.on('message', (request: CatalogRequest) => {
  if (request.op === 'changed') return index.invalidate(request.products);
  if (request.op === 'listed') return index.listedWithout();
  answer(request).then(
    (result) => port.postMessage({ id: request.id, ok: true, result } satisfies CatalogAnswer),
    (error: unknown) =>
      port.postMessage({ id: request.id, ok: false, message: String(error) } satisfies CatalogAnswer),
  );
});
