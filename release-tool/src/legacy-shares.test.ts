import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { releasesAskingForOldShareNames, servableReleases } from './legacy-shares.ts';
import { emptyRegistry, type Registry } from './registry.ts';
import { createFolderStore } from './stores/folder-store.ts';

const folder = mkdtempSync(path.join(tmpdir(), 'shop-legacy-shares-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const store = createFolderStore(folder);

/** A published release's manifest asking for `shares`. */
async function publish(app: 'storefront' | 'admin', id: string, shares: string[]) {
  const manifest = { name: app, shared: shares.map((name) => ({ name, version: '5.108.0' })) };
  await store.write(`${app}/public/releases/${id}/mf-manifest.json`, Buffer.from(JSON.stringify(manifest)));
}

const registry = (app: 'storefront' | 'admin', live: string[], previous: string[]): Registry => ({
  ...emptyRegistry(app),
  live: live.map((id, index) => ({
    id,
    share: index === live.length - 1 ? 100 - (live.length - 1) * 10 : 10,
  })),
  previous,
});

describe('releases still asking for a renamed share by its old name', () => {
  it('counts the live releases, the canary and every release a rollback reaches, once each', () => {
    expect(servableReleases(registry('storefront', ['c3', 'b2'], ['a1', 'b2']))).toEqual(['c3', 'b2', 'a1']);
  });

  it('names each release that can be served and was built before the rename, and none once they are gone', async () => {
    await publish('storefront', 'old', ['react', '@tanstack/react-query']);
    await publish('storefront', 'new', ['react', '@shop/shared-query']);
    await publish('admin', 'old-admin', ['@tanstack/react-query']);
    await publish('admin', 'new-admin', ['@shop/shared-query']);

    const asked = await releasesAskingForOldShareNames(store, [
      registry('storefront', ['new'], ['old']),
      registry('admin', ['new-admin', 'old-admin'], []),
    ]);
    expect(asked).toEqual({ '@tanstack/react-query': ['storefront old', 'admin old-admin'] });

    // Past the rollback history and out of the canary: nothing served asks for it any more.
    const later = await releasesAskingForOldShareNames(store, [
      registry('storefront', ['new'], []),
      registry('admin', ['new-admin'], ['new-admin']),
    ]);
    expect(later).toEqual({ '@tanstack/react-query': [] });
  });
});
