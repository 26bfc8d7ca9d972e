import { LIVE_RELEASES_FILE, type LiveReleases, type RemoteName } from '@shop/shared-contract';

export type LiveReleasesByRemote = Partial<Record<RemoteName, LiveReleases>>;

export interface LiveReleasesOptions {
  /** Each remote's address as config.json names it (its mf-manifest.json): live.json lies beside it. */
  remotes: Partial<Record<RemoteName, string>>;
  /** How often live.json is asked again (conditionally); 0 asks on every request. */
  checkEveryMs: number;
  timeoutMs: number;
  log: (line: string) => void;
}

function checkLive(value: unknown): LiveReleases {
  const document = value as Partial<LiveReleases> | null;
  const live = document?.live;
  if (
    !Array.isArray(live) ||
    live.length === 0 ||
    !live.every((release) => typeof release?.id === 'string' && typeof release.manifest === 'string') ||
    live.reduce((sum, release) => sum + release.share, 0) !== 100
  )
    throw new Error('its live releases are malformed (their shares must add up to 100)');
  return document as LiveReleases;
}

/**
 * Follows which releases of each remote are live (release-tool/ writes `live.json` at the remote's
 * address): asked again at most every `checkEveryMs`, by the request that finds it due, which goes on with
 * what was known (only the first waits). A remote without live.json (404) is served from its configured
 * manifest as before releases existed; one whose live.json cannot be read keeps the releases last read, so
 * a hiccup of the remote's host never switches a shopper's release.
 */
export function followLiveReleases(options: LiveReleasesOptions) {
  const names = Object.keys(options.remotes) as RemoteName[];
  const known: LiveReleasesByRemote = {};
  const etags = new Map<RemoteName, string>();
  const problems = new Map<RemoteName, string>();
  let checkedAt = -Infinity;
  let checking: Promise<void> | null = null;

  async function checkOne(name: RemoteName) {
    const url = new URL(LIVE_RELEASES_FILE, options.remotes[name]!).toString();
    try {
      const etag = etags.get(name);
      const response = await fetch(url, {
        headers: etag && known[name] ? { 'if-none-match': etag } : {},
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      if (response.status === 304) return;
      if (response.status === 404) {
        delete known[name];
        etags.delete(name);
        return;
      }
      if (!response.ok) throw new Error(`answered HTTP ${response.status}`);
      const live = checkLive(await response.json());
      const before = known[name];
      known[name] = live;
      etags.set(name, response.headers.get('etag') ?? '');
      const now = live.live.map((release) => `${release.id} at ${release.share}%`).join(', ');
      if (before?.live.map((release) => `${release.id} at ${release.share}%`).join(', ') !== now)
        options.log(`${name}: live ${now}`);
      problems.delete(name);
    } catch (error) {
      const problem = `${url} could not be read, the releases last read stay live: ${error instanceof Error ? error.message : String(error)}`;
      if (problems.get(name) !== problem) options.log(problem);
      problems.set(name, problem);
    }
  }

  const check = () =>
    Promise.all(names.map(checkOne)).then(() => {
      checkedAt = Date.now();
    });

  return {
    /** Each remote's live releases (none for a remote that publishes none). */
    async current(): Promise<LiveReleasesByRemote> {
      if (Date.now() - checkedAt >= options.checkEveryMs) {
        const first = checkedAt === -Infinity;
        checking ??= check().finally(() => {
          checking = null;
        });
        if (first || options.checkEveryMs === 0) await checking;
      }
      return known;
    },
  };
}
export type LiveReleasesFollower = ReturnType<typeof followLiveReleases>;
