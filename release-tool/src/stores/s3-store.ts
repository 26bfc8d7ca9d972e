import {
  GetObjectCommand,
  HeadObjectCommand,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { KeyExists, type ReleaseStore } from './store.ts';

export interface S3StoreSettings {
  bucket: string;
  region: string;
  endpoint?: string | undefined;
  forcePathStyle: boolean;
}

const isMissing = (error: unknown) =>
  error instanceof NoSuchKey ||
  error instanceof NotFound ||
  ['NoSuchKey', 'NotFound'].includes((error as { name?: string }).name ?? '');

/**
 * Releases in an S3-compatible bucket (the api's image store's kind), for a CDN to serve `<app>/public/`.
 * Credentials come from the SDK's usual chain (AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY, a profile, a role).
 * A release's files are written only when absent: `If-None-Match: *` where the server honours it, and a
 * HEAD first everywhere (S3-compatible servers that ignore the condition).
 */
export function createS3Store(settings: S3StoreSettings): ReleaseStore {
  const client = new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle,
    ...(settings.endpoint
      ? {
          requestChecksumCalculation: 'WHEN_REQUIRED' as const,
          responseChecksumValidation: 'WHEN_REQUIRED' as const,
        }
      : {}),
  });
  const Bucket = settings.bucket;
  const exists = async (key: string) => {
    try {
      await client.send(new HeadObjectCommand({ Bucket, Key: key }));
      return true;
    } catch (error) {
      if (
        isMissing(error) ||
        (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404
      )
        return false;
      throw error;
    }
  };
  return {
    where: `s3://${Bucket}${settings.endpoint ? ` at ${settings.endpoint}` : ''}`,
    async read(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        return object.Body ? Buffer.from(await object.Body.transformToByteArray()) : null;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async write(key, bytes, { once = false, contentType, cache } = {}) {
      if (once && (await exists(key))) throw new KeyExists(key);
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: key,
          Body: bytes,
          ContentLength: bytes.length,
          ...(contentType ? { ContentType: contentType } : {}),
          ...(cache ? { CacheControl: cache } : {}),
          ...(once ? { IfNoneMatch: '*' } : {}),
        }),
      );
    },
    exists,
    close: () => client.destroy(),
  };
}
