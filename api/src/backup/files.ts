import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';

/**
 * A flat set of named files: a backup's own files, or the uploaded images it copies. Names use `/`
 * whatever the store; a folder or an S3 bucket (with a prefix) behave alike.
 */
export interface Files {
  /** Where it is, for messages: a folder path or s3://bucket/prefix. */
  readonly where: string;
  /** Every name under `prefix` (all when empty), sorted. */
  list(prefix?: string): Promise<string[]>;
  /** The file's bytes, or null when there is none. */
  read(name: string): Promise<Uint8Array | null>;
  write(name: string, bytes: Uint8Array): Promise<void>;
}

export function folderFiles(root: string): Files {
  const resolve = (name: string) => {
    const file = path.resolve(root, name);
    if (!file.startsWith(path.resolve(root) + path.sep)) throw new Error(`name outside ${root}: ${name}`);
    return file;
  };
  return {
    where: root,
    async list(prefix = '') {
      const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(
        (error: NodeJS.ErrnoException) => {
          if (error.code === 'ENOENT') return [];
          throw error;
        },
      );
      return entries
        .filter((entry) => entry.isFile())
        .map((entry) =>
          path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'),
        )
        .filter((name) => name.startsWith(prefix))
        .sort();
    },
    async read(name) {
      return readFile(resolve(name)).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return null;
        throw error;
      });
    },
    async write(name, bytes) {
      const file = resolve(name);
      await mkdir(path.dirname(file), { recursive: true });
      // Written aside then renamed: a file that is there is whole, even after a crash mid-write.
      const partial = `${file}.partial`;
      await writeFile(partial, bytes);
      await rename(partial, file);
    },
  };
}

export function bucketFiles(client: S3Client, bucket: string, prefix = ''): Files {
  const base = prefix && !prefix.endsWith('/') ? `${prefix}/` : prefix;
  return {
    where: `s3://${bucket}/${base}`,
    async list(under = '') {
      const names: string[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, Prefix: base + under, ContinuationToken }),
        );
        for (const object of page.Contents ?? []) if (object.Key) names.push(object.Key.slice(base.length));
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return names.sort();
    },
    async read(name) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: base + name }));
        return object.Body ? await object.Body.transformToByteArray() : null;
      } catch (error) {
        if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return null;
        throw error;
      }
    },
    async write(name, bytes) {
      await client.send(
        new PutObjectCommand({ Bucket: bucket, Key: base + name, Body: bytes, ContentLength: bytes.length }),
      );
    },
  };
}

/** `s3://bucket/prefix` → its parts; anything else is a folder. */
export function parseS3Address(address: string): { bucket: string; prefix: string } | undefined {
  const match = /^s3:\/\/([^/]+)\/?(.*)$/.exec(address);
  return match ? { bucket: match[1]!, prefix: match[2]! } : undefined;
}
