import type { z } from 'zod';
import type { productListQuerySchema } from '@shop/shared-api/schemas';
import type { DatabaseLink } from '../../db/client.ts';

type ProductListQuery = z.output<typeof productListQuerySchema>;

/**
 * What the index's thread (worker.ts) starts with: how it reaches the catalog (a port to the embedded
 * database's thread is in the worker's `transferList`), and the index's timings.
 */
export interface CatalogThreadData {
  database: DatabaseLink;
  refreshMs: number | null;
  fullRefreshMs: number | null;
  quietMs: number;
  maxProducts: number;
}

/**
 * What the api's thread asks the index's thread. `id` pairs an answer with its request; a change has no
 * answer, and is handled before any request sent after it (a port delivers in order), so a list asked
 * after a write is never answered from a snapshot older than it.
 */
export type CatalogRequest =
  | { id: number; op: 'page'; query: ProductListQuery; baseUrl: string }
  | { id: number; op: 'suggest'; text: string; baseUrl: string }
  | { id: number; op: 'product'; productId: string; baseUrl: string }
  | { id: number; op: 'holds' }
  | { id: number; op: 'warm' }
  | { id: number; op: 'close' }
  | { op: 'changed'; products: readonly string[] | undefined }
  /** Lists were answered by the database, unasked, while the thread held no catalog: it loads one when due. */
  | { op: 'listed' };

/**
 * A page, suggestions or a product from memory, or null while the thread holds no catalog, or not that
 * product (the database answers); or, unasked, whether the thread now holds one (`holding`), so that the
 * api asks it only then, and that the catalog has more products than it may hold (`outgrown`), so that
 * the api ends it.
 */
export type CatalogAnswer =
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; message: string }
  | { holding: boolean }
  | { outgrown: true };
