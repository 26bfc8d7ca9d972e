// `pnpm backup [--to <folder | s3://bucket/prefix>]` and `pnpm restore <backup> [--data-dir <folder>]`.
// The shop's data is where the api finds it: DATABASE_URL or the embedded database under DATA_DIR, and the
// images in S3_BUCKET or under DATA_DIR/uploads. A backup goes into a new folder (or prefix) named after
// the time, under --to, else BACKUP_TO, else ./backups. See docs/reliability.md ("Backups").
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { ApiConfig } from '../config/api-config.ts';
import { loadConfig } from '../config/load-config.ts';
import { openDatabase } from '../db/client.ts';
import { createS3Client } from '../storage/s3-image-store.ts';
import { BackupRefused, createBackup, restoreBackup, verifyBackup } from './backup.ts';
import { bucketFiles, folderFiles, parseS3Address, type Files } from './files.ts';

const [command, ...rest] = process.argv.slice(2);
const option = (name: string) => {
  const index = rest.indexOf(`--${name}`);
  return index >= 0 ? rest[index + 1] : undefined;
};
const positional = rest.filter(
  (value, index) => !value.startsWith('--') && !rest[index - 1]?.startsWith('--'),
);

const dataDirOverride = option('data-dir');
const config = loadConfig(dataDirOverride ? { ...process.env, DATA_DIR: dataDirOverride } : process.env);
const s3Client = config.s3 ? createS3Client(config.s3) : undefined;

/** A backup's place: an s3:// address uses S3_* settings' endpoint and credentials, anything else a folder. */
function filesAt(address: string): Files {
  const s3 = parseS3Address(address);
  if (!s3) return folderFiles(path.resolve(address));
  const client =
    s3Client ??
    createS3Client({
      bucket: s3.bucket,
      region: process.env.AWS_REGION ?? 'us-east-1',
      endpoint: process.env.S3_ENDPOINT,
      forcePathStyle: process.env.S3_FORCE_PATH_STYLE === 'true',
    });
  return bucketFiles(client, s3.bucket, s3.prefix);
}

const imagesOf = (settings: ApiConfig): Files =>
  settings.s3 && s3Client
    ? bucketFiles(s3Client, settings.s3.bucket)
    : folderFiles(path.join(settings.dataDir, 'uploads'));

const pgliteDir = path.join(config.dataDir, 'pglite');
const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `the embedded database in ${pgliteDir}`;
const megabytes = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;

async function run() {
  if (command === 'backup') {
    if (!config.databaseUrl) {
      if (!existsSync(pgliteDir)) throw new BackupRefused(`there is no database to back up in ${pgliteDir}`);
      // PGlite keeps postmaster.pid while it is open and removes it on close: a second process opening the
      // folder under a running api would corrupt it.
      if (existsSync(path.join(pgliteDir, 'postmaster.pid')))
        throw new BackupRefused(
          `${pgliteDir} is open (an api is running on it, or it was not closed cleanly): stop the api first. To back up while serving, run the api on PostgreSQL (DATABASE_URL).`,
        );
    }
    const base = option('to') ?? positional[0] ?? process.env.BACKUP_TO ?? 'backups';
    const name = `shop-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    const target = filesAt(
      parseS3Address(base) ? `${base.replace(/\/$/, '')}/${name}` : path.join(base, name),
    );
    const database = await openDatabase(
      config.databaseUrl ? { databaseUrl: config.databaseUrl } : { pgliteDir },
    );
    const started = performance.now();
    try {
      const manifest = await createBackup({ database, images: imagesOf(config), target });
      const rows = manifest.database.tables.reduce((sum, table) => sum + table.rows, 0);
      const bytes = [...manifest.database.tables, ...manifest.images].reduce(
        (sum, file) => sum + file.bytes,
        0,
      );
      console.log(
        `Backed up ${where}: ${rows} rows in ${manifest.database.tables.length} tables, ${manifest.images.length} images, ${megabytes(bytes)}, in ${((performance.now() - started) / 1000).toFixed(1)} s\n→ ${target.where}`,
      );
    } finally {
      await database.close();
    }
    return;
  }
  if (command === 'restore') {
    const address = positional[0];
    if (!address)
      throw new BackupRefused(
        'usage: pnpm restore <backup folder | s3://bucket/prefix/shop-…> [--data-dir <folder>]',
      );
    if (!config.databaseUrl && existsSync(pgliteDir))
      throw new BackupRefused(
        `${pgliteDir} exists: restore into a fresh data folder (DATA_DIR or --data-dir)`,
      );
    const started = performance.now();
    const source = filesAt(address);
    // Checked before the new database is made: a refused backup leaves nothing behind.
    const verified = await verifyBackup(source);
    const database = await openDatabase(
      config.databaseUrl ? { databaseUrl: config.databaseUrl } : { pgliteDir },
    );
    try {
      const manifest = await restoreBackup({ source, database, images: imagesOf(config), verified });
      const rows = manifest.database.tables.reduce((sum, table) => sum + table.rows, 0);
      console.log(
        `Restored ${address} (made ${manifest.startedAt}) into ${where}: ${rows} rows, ${manifest.images.length} images, in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
    } finally {
      await database.close();
    }
    return;
  }
  throw new BackupRefused('usage: pnpm backup [--to <folder | s3://bucket/prefix>] | pnpm restore <backup>');
}

try {
  await run();
} catch (error) {
  if (!(error instanceof BackupRefused)) throw error;
  console.error(`${command === 'restore' ? 'Restore' : 'Backup'} refused: ${error.message}`);
  process.exitCode = 1;
} finally {
  s3Client?.destroy();
}
