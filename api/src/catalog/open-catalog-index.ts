import type { FastifyBaseLogger } from 'fastify';
import type { ApiConfig } from '../config/api-config.ts';
import type { Database } from '../db/client.ts';
import type { CatalogReads } from '../db/read-replica.ts';
import type { ShopMetrics } from '../observability/metrics.ts';
import {
  CATALOG_FULL_REFRESH_MS,
  CATALOG_QUIET_MS,
  createCatalogIndex,
  type CatalogIndex,
} from './catalog-index.ts';
import { openCatalogThread } from './catalog-thread/catalog-thread.ts';

/**
 * The storefront list's memory index for this api, or null with the cache off (CATALOG_CACHE_MS=0: every
 * list queries the database). It loads in a thread of its own, so no load holds the api's (catalog-thread/);
 * only an in-memory PGlite (tests), which no other thread can reach, keeps it in the api's thread.
 * PGlite has one process, so only local writes (invalidate) change its catalog; on PostgreSQL other
 * instances write, which their notices and the changes feed (asked every CATALOG_CACHE_MS) bring. The
 * index reads the primary: a replica's copy of the revision can run ahead of its rows.
 */
export function openCatalogIndex(
  config: Pick<ApiConfig, 'catalogCacheMs' | 'catalogIndexMaxProducts'>,
  {
    database,
    catalogReads,
    metrics,
    log,
  }: {
    database: Database;
    catalogReads: CatalogReads;
    metrics: ShopMetrics;
    log: FastifyBaseLogger;
  },
): CatalogIndex | null {
  if (config.catalogCacheMs <= 0) return null;
  const timings = {
    refreshMs: database.kind === 'postgres' ? config.catalogCacheMs : null,
    fullRefreshMs: database.kind === 'postgres' ? CATALOG_FULL_REFRESH_MS : null,
    quietMs: CATALOG_QUIET_MS,
    maxProducts: config.catalogIndexMaxProducts,
  };
  return database.threadLink
    ? openCatalogThread(
        { database: database.threadLink, ...timings },
        { read: catalogReads.read, onAnswer: metrics.catalogList, log },
      )
    : createCatalogIndex(catalogReads.read, {
        ...timings,
        readPrimary: (query) => query(database.db),
        onAnswer: metrics.catalogList,
      });
}
