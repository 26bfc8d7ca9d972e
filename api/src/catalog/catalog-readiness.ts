import { NotReady, type ReadinessProbe } from '../health/readiness.ts';
import type { CatalogIndex } from './catalog-index.ts';

/**
 * The longest an instance stays not ready for its catalog: a load that takes longer (a million products
 * on PGlite take ~16 s) is no reason to keep shoppers away for good, since the database answers lists.
 */
export const CATALOG_READY_BOUND_MS = 60_000;

/**
 * Readiness for the storefront list's memory index: the first ask starts its load, and the instance is
 * ready once that load has ended (loaded, found too large, or failed: the database lists then) or
 * `boundMs` has passed. Until then a balancer keeps shoppers on instances that answer lists from memory:
 * at 90,000 products on PGlite a cold instance answered lists from the database for ~3 s, p99 0.8-1 s.
 * Only the first load counts: a later reload (an import) keeps the instance ready, its database answering.
 */
export function catalogReadiness(
  index: Pick<CatalogIndex, 'warm'>,
  options: { waitMs: number; boundMs?: number },
): ReadinessProbe {
  let loaded = false;
  let loading: Promise<unknown> | undefined;
  return async () => {
    if (loaded) return;
    loading ??= Promise.race([
      index.warm().catch(() => false),
      new Promise((resolve) => setTimeout(resolve, options.boundMs ?? CATALOG_READY_BOUND_MS).unref()),
    ]).then(() => (loaded = true));
    // A small catalog loads within the ask; a large one answers "loading" within the readiness bound.
    const waited = new Promise((resolve) => setTimeout(resolve, options.waitMs).unref());
    await Promise.race([loading, waited]);
    if (!loaded) throw new NotReady('loading');
  };
}
