/**
 * The release contract between the release tool (release-tool/), which publishes a remote's releases and
 * says which are live, and the page server, which serves each browser the release of its bucket
 * (docs/federation.md, "Releases"). A remote's releases are served at its own address: `live.json` there
 * names the live ones, each release's files are under `releases/<id>/`.
 */

/** Beside a remote's releases: which are live, at which share of browsers, and the one before them. */
export const LIVE_RELEASES_FILE = 'live.json';

/** The cookie that keeps a browser in one bucket (0 to 99) for every page and visit: a share is buckets. */
export const RELEASE_BUCKET_COOKIE = 'shop_bucket';
export const BUCKETS = 100;

export interface LiveRelease {
  /** `<version>-<commit>-<content hash>`: immutable, a release's files never change. */
  id: string;
  /** Its `mf-manifest.json`, relative to live.json. */
  manifest: string;
  /** Percent of buckets that get it; the live releases' shares add up to 100. */
  share: number;
}

export interface LiveReleases {
  /** Canary first, then the release every other browser gets. */
  live: LiveRelease[];
  /**
   * The last release that was live for everyone before the current one: a browser whose live release
   * fails to load falls back to it (the canary's browsers fall back to the release live for the rest).
   */
  previous: Omit<LiveRelease, 'share'> | null;
  updatedAt: string;
}

/** The live release a bucket gets: the live releases cover the buckets in order, each its share. */
export function releaseForBucket(live: readonly LiveRelease[], bucket: number): LiveRelease {
  let end = 0;
  for (const release of live) {
    end += release.share;
    if (bucket < end) return release;
  }
  const last = live.at(-1);
  if (!last) throw new Error('no live release');
  return last;
}

/** The release a bucket's browser falls back to when its own fails to load, or null when there is none. */
export function fallbackForBucket(releases: LiveReleases, bucket: number): Omit<LiveRelease, 'share'> | null {
  const mine = releaseForBucket(releases.live, bucket);
  const other = releases.live.find((release) => release.id !== mine.id);
  return other ?? (releases.previous && releases.previous.id !== mine.id ? releases.previous : null);
}

/** A bucket read from the cookie, or null when it is missing or not one. */
export function bucketFromCookie(cookieHeader: string | undefined): number | null {
  const match = new RegExp(`(?:^|;\\s*)${RELEASE_BUCKET_COOKIE}=(\\d{1,2})(?:;|$)`).exec(cookieHeader ?? '');
  return match ? Number(match[1]) : null;
}
