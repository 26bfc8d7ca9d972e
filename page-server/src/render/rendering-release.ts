import type { RemoteName, RuntimeConfig } from '@shop/shared-contract';
import type { VisitorConfig } from '../releases/visitor-release.ts';
import type { ShellServer } from './shell-server.ts';
import {
  watchStorefrontRelease,
  type StorefrontRelease,
  type StorefrontReleaseOptions,
  type StorefrontReleaseWatch,
} from './storefront-release.ts';

/** Storefront releases watched at once: the live one, a canary, their fall-backs, with room to spare. */
const WATCHED_RELEASES = 8;

/** What a visitor's page is rendered with, and the config that page carries. */
export interface Rendering {
  release: StorefrontRelease | null;
  config: RuntimeConfig;
  /** The page cache's key for this visitor's variant of the shop (their bucket, a fall-back). */
  key: string;
}

export interface RenderingReleasesOptions {
  /** The shell's server build; without one nothing is watched and every page is prerendered. */
  shell: ShellServer | null;
  checkEveryMs: number;
  timeoutMs: number;
  log: (line: string) => void;
  /** Told of each page rendered with the fall-back release instead of the visitor's own. */
  fellBack: (failure: { remote: RemoteName; release: string; reason: string; fellBackTo: string }) => void;
  /** How a release is watched (tests give their own). */
  watch?: (options: StorefrontReleaseOptions) => StorefrontReleaseWatch;
}

/**
 * Which storefront release renders a visitor's page. Each release's server entry is watched by its
 * manifest's address (a canary and the release for the others side by side); a visitor whose own release
 * cannot render on the server (refused, failing, too slow) gets the page of the release their browser
 * would fall back to, and the page then loads that release as its own.
 */
export function createRenderingReleases(options: RenderingReleasesOptions) {
  const { shell, watch = watchStorefrontRelease } = options;
  const watches = new Map<string, StorefrontReleaseWatch>();

  /** The watch of the storefront release at `manifestUrl`, made on first use (the oldest dropped past 8). */
  function storefrontOf(manifestUrl: string): StorefrontReleaseWatch | null {
    let watched = watches.get(manifestUrl);
    if (!watched && shell) {
      if (watches.size >= WATCHED_RELEASES) watches.delete(watches.keys().next().value!);
      watched = watch({
        manifestUrl,
        shell,
        checkEveryMs: options.checkEveryMs,
        timeoutMs: options.timeoutMs,
        log: options.log,
      });
      watches.set(manifestUrl, watched);
    }
    return watched ?? null;
  }

  /**
   * The release a visitor's page is rendered with: their own, else (its server entry cannot be used) the
   * one their browser would fall back to, with the config changed to load it; else none (prerendered).
   */
  async function renderingFor(visitor: VisitorConfig): Promise<Rendering> {
    const own = storefrontOf(visitor.config.remotes.storefront);
    const ownRelease = await own?.release();
    const mine = visitor.config.releases?.storefront;
    const fallback = mine?.fallback;
    if (ownRelease || !fallback)
      return { release: ownRelease ?? null, config: visitor.config, key: visitor.key };
    const instead = (await storefrontOf(fallback.manifest)?.release()) ?? null;
    if (!instead) return { release: null, config: visitor.config, key: visitor.key };
    options.fellBack({
      remote: 'storefront',
      release: mine.id,
      reason: `server entry: ${own?.reason() ?? 'it could not be used'}`,
      fellBackTo: fallback.id,
    });
    return {
      release: instead,
      config: {
        ...visitor.config,
        remotes: { ...visitor.config.remotes, storefront: fallback.manifest },
        releases: {
          ...visitor.config.releases,
          storefront: { id: fallback.id, liveAt: mine.liveAt },
        },
      },
      key: `${visitor.key} storefront-fell-back`,
    };
  }

  return { storefrontOf, renderingFor };
}
