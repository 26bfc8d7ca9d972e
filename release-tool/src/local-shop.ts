import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { RemoteName } from '@shop/shared-contract';
import { publishRelease, sourceCommit } from './publish.ts';
import { promote, stableRelease, type Registry } from './registry.ts';
import { saveRegistry } from './registry-file.ts';
import type { ReleaseStore } from './release-store.ts';

/** The releaser `pnpm start` records: its releases are its own to replace. */
export const LOCAL_SHOP = 'pnpm start';

/** Whether the live release was put live by `pnpm start` (or nothing is live yet). */
function liveIsLocal(registry: Registry): boolean {
  const last = registry.events.findLast((event) => event.action !== 'publish' && event.action !== 'check');
  return !last || (last.action === 'promote' && last.by === LOCAL_SHOP);
}

/**
 * What `pnpm start` serves at a remote's address is its release store: the build it has is published
 * there and made live, unless a person has made another release live (promoted, rolled back): that one is
 * left live, and a line says how to put the build live.
 */
export async function releaseLocalBuild(options: {
  store: ReleaseStore;
  app: RemoteName;
  dir: string;
  appDir: string;
  repoRoot: string;
  log: (line: string) => void;
}): Promise<void> {
  const { store, app, log } = options;
  const { version } = JSON.parse(readFileSync(path.join(options.appDir, 'package.json'), 'utf8')) as {
    version: string;
  };
  const { release, registry } = await publishRelease({
    store,
    app,
    dir: options.dir,
    version,
    commit: sourceCommit(options.repoRoot),
    by: LOCAL_SHOP,
  });
  const live = stableRelease(registry);
  if (live === release.id && registry.live.length === 1) return;
  if (!liveIsLocal(registry)) {
    log(
      `${app}: ${registry.live.map(({ id, share }) => `${id} (${share}%)`).join(', ')} stays live as released; this build is ${release.id} (pnpm release promote ${app} ${release.id} --share 100)`,
    );
    return;
  }
  // The local build is not gated: pnpm start runs what was just built, as it always has.
  await saveRegistry(store, promote(registry, release.id, 100, LOCAL_SHOP, true));
  log(`${app}: ${release.id} published and live`);
}
