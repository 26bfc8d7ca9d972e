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
