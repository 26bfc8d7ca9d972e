import { LEGACY_SHARE_NAMES, REMOTE_MANIFEST_FILE } from '@shop/shared-contract';
import type { Registry } from './registry.ts';
import { releaseFileKey, type ReleaseStore } from './release-store.ts';

/** A remote's releases a browser can still be served: live (the canary too) and each a rollback reaches. */
export function servableReleases(registry: Registry): string[] {
  return [...new Set([...registry.live.map((entry) => entry.id), ...registry.previous])];
}

/**
 * For each renamed share's old name (`LEGACY_SHARE_NAMES`), the servable releases whose manifest still
 * asks for it, as `<app> <id>`. An old name none asks for is one the shell no longer needs to lend.
 */
export async function releasesAskingForOldShareNames(
  store: ReleaseStore,
  registries: readonly Registry[],
): Promise<Record<string, string[]>> {
  const askers: Record<string, string[]> = Object.fromEntries(
    Object.keys(LEGACY_SHARE_NAMES).map((name) => [name, []]),
  );
  for (const registry of registries) {
    for (const id of servableReleases(registry)) {
      const bytes = await store.read(releaseFileKey(registry.app, id, REMOTE_MANIFEST_FILE));
      if (!bytes) continue;
      const { shared = [] } = JSON.parse(bytes.toString('utf8')) as { shared?: { name: string }[] };
      for (const { name } of shared) askers[name]?.push(`${registry.app} ${id}`);
    }
  }
  return askers;
}
