import path from 'node:path';
import { createFolderStore } from './stores/folder-store.ts';
import { createS3Store } from './stores/s3-store.ts';

/**
 * Where releases live: a folder (the default, which `pnpm start` serves) or an S3-compatible bucket behind
 * a CDN. Keys are paths: `<app>/registry.json` (the tool's own record, never served) and `<app>/public/…`
 * (what the remote's address serves: `live.json`, `releases/<id>/…`).
 */
export interface ReleaseStore {
  /** Where it is, for messages. */
  readonly where: string;
  read(key: string): Promise<Buffer | null>;
  /** Writes `key`. `once`: refuses to replace a key that exists (a published release's files). */
  write(
    key: string,
    bytes: Buffer,
    options?: { once?: boolean; contentType?: string; cache?: string },
  ): Promise<void>;
  exists(key: string): Promise<boolean>;
  close(): void;
}

export class KeyExists extends Error {
  readonly key: string;

  constructor(key: string) {
    super(`${key} is already published; a release's files are never replaced`);
    this.key = key;
  }
}

/** The store the environment names: RELEASE_S3_BUCKET for S3, else the folder RELEASE_STORE_DIR (`.releases/`). */
export function openReleaseStore(env: NodeJS.ProcessEnv, repoRoot: string): ReleaseStore {
  if (env.RELEASE_S3_BUCKET)
    return createS3Store({
      bucket: env.RELEASE_S3_BUCKET,
      region: env.RELEASE_S3_REGION ?? env.S3_REGION ?? 'us-east-1',
      endpoint: env.RELEASE_S3_ENDPOINT ?? env.S3_ENDPOINT,
      forcePathStyle: (env.RELEASE_S3_FORCE_PATH_STYLE ?? env.S3_FORCE_PATH_STYLE) === 'true',
    });
  return createFolderStore(path.resolve(repoRoot, env.RELEASE_STORE_DIR ?? '.releases'));
}

/** The folder a remote's address serves, inside a folder store. */
export const publicFolder = (storeDir: string, app: string) => path.join(storeDir, app, 'public');
