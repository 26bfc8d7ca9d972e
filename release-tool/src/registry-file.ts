import { LIVE_RELEASES_FILE } from '@shop/shared-contract';
import { emptyRegistry, liveDocument, type Registry, type ReleasedApp } from './registry.ts';
import type { ReleaseStore } from './release-store.ts';

const registryKey = (app: ReleasedApp) => `${app}/registry.json`;

export async function loadRegistry(store: ReleaseStore, app: ReleasedApp): Promise<Registry> {
  const bytes = await store.read(registryKey(app));
  return bytes ? (JSON.parse(bytes.toString('utf8')) as Registry) : emptyRegistry(app);
}

/**
 * Saves the record and what the remote's address serves from it (live.json, asked for again by every page
 * server within a second, so it is never cached). The record first: a live.json always has its record.
 */
export async function saveRegistry(store: ReleaseStore, registry: Registry): Promise<void> {
  await store.write(registryKey(registry.app), Buffer.from(JSON.stringify(registry, null, 2)), {
    contentType: 'application/json',
  });
  await store.write(
    `${registry.app}/public/${LIVE_RELEASES_FILE}`,
    Buffer.from(JSON.stringify(liveDocument(registry), null, 2)),
    { contentType: 'application/json', cache: 'no-cache' },
  );
}
