import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { userInfo } from 'node:os';
import path from 'node:path';
import { lookup } from 'mrmime';
import type { Registry, ReleaseRecord, ReleasedApp } from './registry.ts';
import { loadRegistry, saveRegistry } from './registry-file.ts';
import { KeyExists, releaseFileKey, type ReleaseStore } from './release-store.ts';

/** Build leftovers that are not part of what browsers or the page server load. */
const NOT_PUBLISHED = /(^|\/)\.build-inputs$|(^|\/)mf-stats\.json(\.(gz|br))?$/;

function filesOf(dir: string): string[] {
  const files: string[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder).sort()) {
      const full = path.join(folder, entry);
      if (statSync(full).isDirectory()) walk(full);
      else {
        const relative = path.relative(dir, full).split(path.sep).join('/');
        if (!NOT_PUBLISHED.test(relative)) files.push(relative);
      }
    }
  };
  walk(dir);
  return files;
}

const git = (repoRoot: string, ...args: string[]) => {
  try {
    return execFileSync('git', args, {
      cwd: repoRoot,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return '';
  }
};

/** Who is releasing: RELEASE_BY, else git's user.name, else the system's user. */
export function releaser(env: NodeJS.ProcessEnv, repoRoot: string): string {
  return env.RELEASE_BY || git(repoRoot, 'config', 'user.name') || userInfo().username;
}

/** The commit the build came from, marked when the working tree had changes. */
export function sourceCommit(repoRoot: string): string {
  const commit = git(repoRoot, 'rev-parse', '--short=7', 'HEAD') || 'nogit';
  return git(repoRoot, 'status', '--porcelain') ? `${commit}.dirty` : commit;
}

/**
 * The release id of a build: its app's version, the commit and a hash of its files. The same build is
 * the same release (publishing it again changes nothing); any other build is another release.
 */
export function releaseId(dir: string, version: string, commit: string): string {
  const hash = createHash('sha256');
  for (const file of filesOf(dir))
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(path.join(dir, file)));
  return `${version}-${commit}-${hash.digest('hex').slice(0, 8)}`;
}

export interface Published {
  release: ReleaseRecord;
  registry: Registry;
  /** It was published before (the same build): nothing was written. */
  already: boolean;
}

/**
 * Publishes the build in `dir` as a release of `app`: every file under `<app>/public/releases/<id>/`,
 * written only where nothing is (a published release is never changed), then recorded.
 */
export async function publishRelease(options: {
  store: ReleaseStore;
  app: ReleasedApp;
  dir: string;
  version: string;
  commit: string;
  by: string;
}): Promise<Published> {
  const { store, app, dir, by } = options;
  const registry = await loadRegistry(store, app);
  const id = releaseId(dir, options.version, options.commit);
  const known = registry.releases.find((release) => release.id === id);
  if (known) return { release: known, registry, already: true };
  const files = filesOf(dir);
  if (!files.includes('index.html') && !files.includes('mf-manifest.json'))
    throw new Error(`${dir} is not a build of ${app} (no index.html or mf-manifest.json)`);
  let bytes = 0;
  for (const file of files) {
    const content = readFileSync(path.join(dir, file));
    bytes += content.length;
    const key = releaseFileKey(app, id, file);
    try {
      await store.write(key, content, {
        once: true,
        contentType: lookup(file.replace(/\.(gz|br)$/, '')) ?? 'application/octet-stream',
        cache: 'public, max-age=31536000, immutable',
      });
    } catch (error) {
      // A publication cut short and run again finds its own files: the same bytes are no overwrite.
      if (!(error instanceof KeyExists) || !(await store.read(key))?.equals(content)) throw error;
    }
  }
  const release: ReleaseRecord = {
    id,
    version: options.version,
    commit: options.commit,
    publishedAt: new Date().toISOString(),
    publishedBy: by,
    files: files.length,
    bytes,
  };
  const next: Registry = {
    ...registry,
    releases: [...registry.releases, release],
    events: [...registry.events, { at: release.publishedAt, by, action: 'publish', id }],
  };
  await saveRegistry(store, next);
  return { release, registry: next, already: false };
}
