import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/** s3rver's fixed test credentials: what an api instance sends as AWS_ACCESS_KEY_ID / _SECRET_ACCESS_KEY. */
export const FAKE_S3_CREDENTIALS = { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER' };

/** An S3-compatible server in this process, on a free port, with one empty bucket in a throwaway folder. */
export async function startFakeS3(bucket = 'shop-images') {
  const directory = mkdtempSync(path.join(tmpdir(), 'shop-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    settings: { bucket, region: 'us-east-1', endpoint, forcePathStyle: true },
    /** The S3_* variables an api process reads, credentials included. */
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: 'true',
      ...FAKE_S3_CREDENTIALS,
    },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
