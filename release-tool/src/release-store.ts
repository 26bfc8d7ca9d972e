import path from 'node:path';
import { createFolderStore } from './stores/folder-store.ts';
import { createS3Store } from './stores/s3-store.ts';
import type { ReleaseStore } from './stores/store.ts';

export { KeyExists, type ReleaseStore } from './stores/store.ts';

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

/** The store key of a release's file: what the app's address serves as `releases/<id>/<file>`. */
export const releaseFileKey = (app: string, id: string, file: string) =>
  `${app}/public/releases/${id}/${file}`;

/** The folder a remote's address serves, inside a folder store. */
export const publicFolder = (storeDir: string, app: string) => path.join(storeDir, app, 'public');
