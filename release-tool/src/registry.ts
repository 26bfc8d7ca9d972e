import { BUCKETS, type LiveReleases } from '@shop/shared-contract';

/** The apps the tool releases. The remotes go live by share; the shell is published and recorded. */
export type ReleasedApp = 'storefront' | 'admin' | 'shell';

export interface CheckResult {
  passed: boolean;
  at: string;
  /** What was checked and what failed, one line each. */
  lines: string[];
}

export interface ReleaseRecord {
  id: string;
  version: string;
  commit: string;
  publishedAt: string;
  publishedBy: string;
  files: number;
  bytes: number;
  check?: CheckResult;
}

export interface ReleaseEvent {
  at: string;
  by: string;
  action: 'publish' | 'promote' | 'rollback' | 'auto-rollback' | 'check';
  id: string;
  share?: number;
  note?: string;
}

/** An app's record in the store (`<app>/registry.json`): every release, what is live, what happened. */
export interface Registry {
  app: ReleasedApp;
  releases: ReleaseRecord[];
  /** Canary first; the shares add up to 100. Empty until the first promotion. */
  live: { id: string; share: number }[];
  /**
   * The releases live for everyone before the current one, most recent last: fail-over goes to the last,
   * and each rollback takes it back.
   */
  previous: string[];
  events: ReleaseEvent[];
}

export class RefusedChange extends Error {}

export const emptyRegistry = (app: ReleasedApp): Registry => ({
  app,
  releases: [],
  live: [],
  previous: [],
  events: [],
});

const stamp = (by: string) => ({ at: new Date().toISOString(), by });

/** The release live for everyone but the canary's buckets, or null before the first promotion. */
export const stableRelease = (registry: Registry) => registry.live.at(-1)?.id ?? null;
export const canaryRelease = (registry: Registry) => (registry.live.length > 1 ? registry.live[0]!.id : null);

export function findRelease(registry: Registry, id: string): ReleaseRecord {
  const release = registry.releases.find((candidate) => candidate.id === id);
  if (!release) throw new RefusedChange(`${registry.app} has no release ${id} (pnpm release list)`);
  return release;
}

/**
 * `id` goes live for `share` percent of browsers: under 100 as the canary beside the release live for the
 * others, 100 for everyone (the release it replaces becomes the one to fall back and roll back to). A
 * release must have passed its check first, unless `force`.
 */
export function promote(registry: Registry, id: string, share: number, by: string, force = false): Registry {
  const release = findRelease(registry, id);
  if (!Number.isInteger(share) || share < 1 || share > BUCKETS)
    throw new RefusedChange(`--share must be a whole number from 1 to ${BUCKETS}`);
  if (!force && !release.check?.passed)
    throw new RefusedChange(
      release.check
        ? `${id} failed its check (${release.check.at}): ${release.check.lines.filter((line) => line.startsWith('✗')).join('; ')}; --force to promote it anyway`
        : `${id} has not been checked: pnpm release check ${registry.app} ${id} (or --force)`,
    );
  const stable = stableRelease(registry);
  const event: ReleaseEvent = { ...stamp(by), action: 'promote', id, share };
  if (share === BUCKETS || stable === null || stable === id) {
    const previous =
      stable !== null && stable !== id
        ? [...registry.previous.filter((earlier) => earlier !== id), stable]
        : registry.previous;
    return { ...registry, live: [{ id, share: BUCKETS }], previous, events: [...registry.events, event] };
  }
  return {
    ...registry,
    live: [
      { id, share },
      { id: stable, share: BUCKETS - share },
    ],
    events: [...registry.events, event],
  };
}

/**
 * Back one step: a canary goes (its browsers return to the release live for the others); without one, the
 * release before the current goes live for everyone again.
 */
export function rollback(
  registry: Registry,
  by: string,
  { automatic = false, note }: { automatic?: boolean; note?: string } = {},
): Registry {
  const canary = canaryRelease(registry);
  const stable = stableRelease(registry);
  const action = automatic ? 'auto-rollback' : 'rollback';
  if (canary && stable) {
    return {
      ...registry,
      live: [{ id: stable, share: BUCKETS }],
      events: [...registry.events, { ...stamp(by), action, id: canary, ...(note ? { note } : {}) }],
    };
  }
  const back = registry.previous.at(-1);
  if (!stable || !back) throw new RefusedChange(`${registry.app} has no earlier release to roll back to`);
  return {
    ...registry,
    live: [{ id: back, share: BUCKETS }],
    previous: registry.previous.slice(0, -1),
    events: [...registry.events, { ...stamp(by), action, id: stable, ...(note ? { note } : {}) }],
  };
}

/** What the remote's address serves as live.json: the live releases and the one to fall back to. */
export function liveDocument(registry: Registry): LiveReleases {
  const manifest = (id: string) => `releases/${id}/mf-manifest.json`;
  return {
    live: registry.live.map(({ id, share }) => ({ id, share, manifest: manifest(id) })),
    previous: registry.previous.length
      ? { id: registry.previous.at(-1)!, manifest: manifest(registry.previous.at(-1)!) }
      : null,
    updatedAt: new Date().toISOString(),
  };
}
