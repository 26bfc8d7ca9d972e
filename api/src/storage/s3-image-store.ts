import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { S3Settings } from '../config/api-config.ts';
import { keysOfImage, prepareImage, type ImageStore } from './image-store.ts';

/** An image as the api streams it back to the browser. */
export interface StoredImage {
  body: Readable;
  contentType: string;
  length: number | undefined;
}

export interface S3ImageStore extends ImageStore {
  /** The image under `key`, or null when the bucket has none. */
  read(key: string): Promise<StoredImage | null>;
  close(): void;
}

/** A client for S3_* settings: the image store's, and the backups' (api/src/backup). */
export function createS3Client(settings: S3Settings) {
  return new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle,
    // The SDK's default CRC32 checksums on every call are refused by several S3-compatible servers
    // (older MinIO, Ceph, R2 in some modes); AWS itself keeps them.
    ...(settings.endpoint
      ? {
          requestChecksumCalculation: 'WHEN_REQUIRED' as const,
          responseChecksumValidation: 'WHEN_REQUIRED' as const,
        }
      : {}),
  });
}

/**
 * Uploaded images in an S3-compatible bucket, shared by every api instance. Keys and urls are the disk
 * store's (`products/<random>.png` at /uploads/products/<random>.png): the api keeps serving them, so the
 * browser never needs bucket credentials and the CSP stays `img-src` self and the api. Credentials come
 * from the AWS SDK's usual chain (AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY, a profile or a role).
 */
export function createS3ImageStore(settings: S3Settings): S3ImageStore {
  const client = createS3Client(settings);
  const Bucket = settings.bucket;
  const remove = async (key: string) => {
    // S3 answers a delete of a missing key with success, as the disk store ignores a missing file.
    for (const file of keysOfImage(key)) await client.send(new DeleteObjectCommand({ Bucket, Key: file }));
  };
  return {
    async save(bytes, folder) {
      const { key, files } = await prepareImage(bytes, folder);
      try {
        // The copies first and the original last: an original in the bucket has all its copies.
        for (const file of files.toReversed())
          await client.send(
            new PutObjectCommand({
              Bucket,
              Key: file.key,
              Body: file.bytes,
              ContentType: file.mime,
              ContentLength: file.bytes.length,
            }),
          );
      } catch (error) {
        await remove(key);
        throw error;
      }
      return { key, url: `/uploads/${key}` };
    },
    remove,
    async read(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!object.Body) return null;
        return {
          body: object.Body as Readable,
          contentType: object.ContentType ?? 'application/octet-stream',
          length: object.ContentLength,
        };
      } catch (error) {
        if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return null;
        throw error;
      }
    },
    async check() {
      // Answers only when the bucket exists and these credentials may use it.
      await client.send(new HeadBucketCommand({ Bucket }));
    },
    close: () => client.destroy(),
  };
}
