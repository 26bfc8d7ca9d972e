import { satisfy, type ModuleFederationRuntimePlugin } from '@module-federation/runtime';
import { withLegacyShareNames } from '@shop/shared-contract';

/** What a remote's mf-manifest.json says about one shared package it was built against. */
export interface RemoteShare {
  name: string;
  version: string;
  requiredVersion?: string | false;
}

export interface VersionSkew {
  remote: string;
  pkg: string;
  /** The version the remote was built against. */
  builtWith: string;
  /** The range it accepts at run time. */
  requires: string;
  /** The version this shell provides. */
  provided: string;
}

/** A remote built against a major of a shared package other than the shell's: loading it would break. */
export class RemoteVersionSkewError extends Error {
  readonly skew: VersionSkew;

  constructor(skew: VersionSkew) {
    super(
      `The ${skew.remote} remote was built against ${skew.pkg} ${skew.builtWith} (needs ${skew.requires}); ` +
        `this shop provides ${skew.pkg} ${skew.provided}. It was not loaded.`,
    );
    this.name = 'RemoteVersionSkewError';
    this.skew = skew;
  }
}

const major = (version: string) => version.match(/\d+/)?.[0];

/**
 * The first shared package whose shell version the remote cannot run with: another major than the one it
 * was built against, or outside the range it declares. A newer minor or patch in the remote is fine:
 * shared packages keep their API within a major, and the page keeps the shell's single copy.
 */
export function findVersionSkew(
  remote: string,
  shares: readonly RemoteShare[],
  provided: Readonly<Record<string, string>>,
): VersionSkew | undefined {
  for (const share of shares) {
    const shellVersion = provided[share.name];
    if (!shellVersion) continue; // not shared by the shell: the remote uses its own copy
    const requires = share.requiredVersion || '*';
    const sameMajor = major(share.version) === major(shellVersion);
    if (!sameMajor || (requires !== '*' && !satisfy(shellVersion, requires))) {
      return { remote, pkg: share.name, builtWith: share.version, requires, provided: shellVersion };
    }
  }
  return undefined;
}

/** The skew carried by a load failure, wherever the federation runtime wrapped it. */
export function versionSkewOf(error: unknown): VersionSkew | undefined {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if (cause instanceof RemoteVersionSkewError) return cause.skew;
  }
  return undefined;
}

/**
 * A federation runtime plugin: reads each remote's manifest before any of its code runs and refuses a
 * remote built against another major of a shared singleton. Module Federation's own `strictVersion`
 * would throw too, but only once the remote's code is running, and a remote bringing a higher version
 * could otherwise win the share and put a second React on the page.
 */
export function versionSkewGuard(): ModuleFederationRuntimePlugin {
  return {
    name: 'shop-version-skew-guard',
    loadRemoteSnapshot(args) {
      const manifest = args.manifestJson as { shared?: RemoteShare[] } | undefined;
      if (args.from !== 'manifest' || !manifest?.shared) return args;
      const provided: Record<string, string> = {};
      for (const [name, versions] of Object.entries(args.options.shared ?? {})) {
        const own = versions.find((share) => share.from === args.options.name) ?? versions[0];
        if (own?.version) provided[name] = own.version;
      }
      // A release built before a share's rename is checked under the old name against the new share's
      // version: the shell lends it that share (legacy-shares.ts).
      const skew = findVersionSkew(args.moduleInfo.name, manifest.shared, withLegacyShareNames(provided));
      if (skew) {
        const error = new RemoteVersionSkewError(skew);
        console.error(`[shop] version skew: ${error.message}`);
        throw error;
      }
      return args;
    },
  };
}
