import { releaseHealthResponseSchema, type ReleaseHealth } from '@shop/shared-api/schemas';
import { canaryRelease, rollback, type ReleasedApp } from './registry.ts';
import { loadRegistry, saveRegistry } from './registry-file.ts';
import type { ReleaseStore } from './release-store.ts';

/** A canary is rolled back when more than this share of its loads failed... */
export const CANARY_FAILURE_RATE = 0.02;
/** ...over at least this many loads (fewer say nothing yet). */
export const CANARY_MIN_LOADS = 50;

/** The health of a remote's releases over the last hour, as the api counts them. */
export async function releaseHealth(apiUrl: string, app: ReleasedApp): Promise<ReleaseHealth[]> {
  const response = await fetch(`${apiUrl.replace(/\/$/, '')}/releases/health?remote=${app}`, {
    signal: AbortSignal.timeout(5000),
  });
  if (!response.ok) throw new Error(`the api's release health answered HTTP ${response.status}`);
  return releaseHealthResponseSchema.parse(await response.json()).releases;
}

/** Why a canary with these figures must go, or null when it may stay. */
export function canaryVerdict(health: ReleaseHealth | undefined): string | null {
  if (!health || health.loads < CANARY_MIN_LOADS) return null;
  const rate = health.failures / health.loads;
  if (rate <= CANARY_FAILURE_RATE) return null;
  return `${health.failures} of ${health.loads} loads failed in the last hour (${(rate * 100).toFixed(1)}%, more than ${CANARY_FAILURE_RATE * 100}%)${health.lastReason ? `; last: ${health.lastReason}` : ''}`;
}

/**
 * Rolls back every remote's canary that fails too often, and says so: run by every release command (and
 * `pnpm release watch` in a loop), so a failing canary goes at the latest with the next one. Returns what
 * it rolled back.
 */
export async function guardCanaries(options: {
  store: ReleaseStore;
  apiUrl: string;
  apps: readonly ReleasedApp[];
  by: string;
  log: (line: string) => void;
}): Promise<string[]> {
  const rolledBack: string[] = [];
  for (const app of options.apps) {
    const registry = await loadRegistry(options.store, app);
    const canary = canaryRelease(registry);
    if (!canary) continue;
    let health: ReleaseHealth[];
    try {
      health = await releaseHealth(options.apiUrl, app);
    } catch (error) {
      options.log(
        `${app}: the canary ${canary} could not be checked (${error instanceof Error ? error.message : error})`,
      );
      continue;
    }
    const verdict = canaryVerdict(health.find((entry) => entry.release === canary));
    if (!verdict) continue;
    await saveRegistry(options.store, rollback(registry, options.by, { automatic: true, note: verdict }));
    options.log(`${app}: the canary ${canary} was rolled back automatically: ${verdict}`);
    rolledBack.push(`${app} ${canary}`);
  }
  return rolledBack;
}
