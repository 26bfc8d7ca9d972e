import { randomInt } from 'node:crypto';
import {
  BUCKETS,
  bucketFromCookie,
  fallbackForBucket,
  LIVE_RELEASES_FILE,
  RELEASE_BUCKET_COOKIE,
  releaseForBucket,
  type RemoteName,
  type RemoteRelease,
  type RuntimeConfig,
} from '@shop/shared-contract';
import type { LiveReleasesByRemote } from './live-releases.ts';

/** What one visitor is served: config.json with their bucket's release of each remote. */
export interface VisitorConfig {
  config: RuntimeConfig;
  /** Equal for every visitor served the same releases: part of a rendered page's cache key. */
  key: string;
  /** A release is live for only some buckets: the page depends on the visitor's cookie. */
  canary: boolean;
  /** The visitor's bucket cookie to set (a first visit while a canary is live), else null. */
  setCookie: string | null;
}

/** A year: the visitor keeps their bucket, so a canary's shopper keeps their release across visits. */
const BUCKET_COOKIE_SECONDS = 365 * 24 * 60 * 60;

/**
 * The config a visitor is served: for each remote with live releases, the one of their bucket (its
 * manifest in `remotes`, its id and fall-back in `releases`); remotes without are as configured. A bucket
 * is drawn for a first visit only while a canary is live (a page the same for everyone sets no cookie, so
 * a CDN may keep it); the visitor then keeps it (`shop_bucket`, 0 to 99).
 */
export function visitorConfig(
  base: RuntimeConfig,
  live: LiveReleasesByRemote,
  cookieHeader: string | undefined,
  secure: boolean,
  memo: Map<string, RuntimeConfig>,
): VisitorConfig {
  const canary = Object.values(live).some((releases) => releases.live.length > 1);
  let bucket = bucketFromCookie(cookieHeader);
  let setCookie: string | null = null;
  if (bucket === null && canary) {
    bucket = randomInt(BUCKETS);
    setCookie = `${RELEASE_BUCKET_COOKIE}=${bucket}; Path=/; Max-Age=${BUCKET_COOKIE_SECONDS}; SameSite=Lax; HttpOnly${secure ? '; Secure' : ''}`;
  }
  const remotes = { ...base.remotes };
  const releases: Partial<Record<RemoteName, RemoteRelease>> = {};
  for (const [name, releasesOfRemote] of Object.entries(live) as [
    RemoteName,
    NonNullable<LiveReleasesByRemote[RemoteName]>,
  ][]) {
    // live.json lies beside the configured manifest, and names each release's manifest relative to itself.
    const address = (manifest: string) => new URL(manifest, base.remotes[name]).toString();
    const mine = releaseForBucket(releasesOfRemote.live, bucket ?? 0);
    const fallback = fallbackForBucket(releasesOfRemote, bucket ?? 0);
    remotes[name] = address(mine.manifest);
    releases[name] = {
      id: mine.id,
      liveAt: new URL(LIVE_RELEASES_FILE, base.remotes[name]).toString(),
      ...(fallback ? { fallback: { id: fallback.id, manifest: address(fallback.manifest) } } : {}),
    };
  }
  const key = (Object.keys(releases) as RemoteName[])
    .map((name) => `${name}:${releases[name]!.id}>${releases[name]!.fallback?.id ?? ''}`)
    .join(' ');
  let config = memo.get(key);
  if (!config) {
    // A few combinations at most (each remote's canary or not); kept so each page's config is one object.
    if (memo.size >= 16) memo.clear();
    config = key ? { ...base, remotes, releases } : base;
    memo.set(key, config);
  }
  return { config, key, canary, setCookie };
}
