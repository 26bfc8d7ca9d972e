import { createHash } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../db/client.ts';
import type { Files } from './files.ts';
import { rowsOf } from '../db/rows.ts';

/**
 * Backups of the shop: the database as one snapshot, and the uploaded images, with a manifest of
 * checksums written last. The same format from PGlite and PostgreSQL, restorable into either.
 *
 * The database is read inside one REPEATABLE READ, READ ONLY transaction: every table as of the same
 * instant, while orders keep being placed (PostgreSQL's snapshot; on PGlite, whose one connection runs
 * one transaction at a time, the others wait for it). Each table is a gzipped file of JSON lines
 * (`row_to_json`), written back with `json_populate_recordset`, so types round-trip exactly without
 * pg_dump's binaries on either side; sequences are kept with their last value.
 *
 * Images are copied after the snapshot: names are random and never reused, so every image a backed-up
 * row names was already there (an image deleted in between is the one thing that can be missing, and
 * `restore` says so).
 */
export const BACKUP_FORMAT = 'shop-backup/1';
export const MANIFEST = 'manifest.json';

export interface FileEntry {
  name: string;
  bytes: number;
  sha256: string;
}

export interface Manifest {
  format: typeof BACKUP_FORMAT;
  startedAt: string;
  finishedAt: string;
  database: {
    /** Where it came from; a backup restores into either. */
    kind: 'pglite' | 'postgres';
    /** The migrations applied (drizzle's hashes, in order): a restore needs the same release's. */
    migrations: string[];
    tables: (FileEntry & { table: string; rows: number })[];
    sequences: { name: string; lastValue: string | null }[];
  };
  images: FileEntry[];
}

export class BackupRefused extends Error {}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The rows `query` answers. */
async function rowsOfQuery<Row>(db: DbOrTx, query: ReturnType<typeof sql>): Promise<Row[]> {
  return rowsOf<Row>(await db.execute(query));
}

async function migrationsOf(db: DbOrTx) {
  const rows = await rowsOfQuery<{ hash: string }>(
    db,
    sql`select hash from drizzle.__drizzle_migrations order by created_at, id`,
  );
  return rows.map((row) => row.hash);
}

/**
 * The tables a backup holds: all but the derived ones: catalog_counts, product_words, catalog_words,
 * catalog_price_bands and product_word_pairs, which triggers rebuild as products are restored, and catalog_changes, which only
 * says what caches may keep (its rows missing after a restore, a cache asking drops everything).
 */
async function tablesOf(db: DbOrTx) {
  const rows = await rowsOfQuery<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not in ('catalog_counts', 'catalog_changes', 'product_words', 'catalog_words', 'catalog_price_bands', 'product_word_pairs')
        order by table_name`,
  );
  return rows.map((row) => row.name);
}

/** Tables ordered so that each comes after those its foreign keys point to. */
async function tablesInLoadOrder(db: DbOrTx) {
  const tables = await tablesOf(db);
  const edges = await rowsOfQuery<{ child: string; parent: string }>(
    db,
    sql`select child.relname as child, parent.relname as parent from pg_constraint c
        join pg_class child on child.oid = c.conrelid join pg_class parent on parent.oid = c.confrelid
        where c.contype = 'f' and c.connamespace = 'public'::regnamespace`,
  );
  const ordered: string[] = [];
  const visit = (table: string, path: string[]) => {
    if (ordered.includes(table) || path.includes(table)) return;
    for (const edge of edges)
      if (edge.child === table && edge.parent !== table) visit(edge.parent, [...path, table]);
    ordered.push(table);
  };
  for (const table of tables) visit(table, []);
  return ordered;
}

/** Writes one backup into `target` (a folder or bucket prefix of its own) and returns its manifest. */
export async function createBackup(options: {
  database: Database;
  images: Files;
  target: Files;
}): Promise<Manifest> {
  const { database, images, target } = options;
  if ((await target.list()).length)
    throw new BackupRefused(`${target.where} is not empty: a backup goes into a place of its own`);
  const startedAt = new Date().toISOString();

  const snapshot = await database.db.transaction(
    async (tx) => {
      const migrations = await migrationsOf(tx);
      const tables: Manifest['database']['tables'] = [];
      for (const table of await tablesOf(tx)) {
        const rows = await rowsOfQuery<{ row: string }>(
          tx,
          sql`select row_to_json(t)::text as row from ${sql.identifier(table)} t`,
        );
        const bytes = gzipSync(rows.map((row) => row.row + '\n').join(''));
        const name = `database/${table}.jsonl.gz`;
        await target.write(name, bytes);
        tables.push({ table, rows: rows.length, name, bytes: bytes.length, sha256: sha256(bytes) });
      }
      const sequences = await rowsOfQuery<{ name: string; last_value: string | number | null }>(
        tx,
        sql`select sequencename as name, last_value from pg_sequences where schemaname = 'public' order by 1`,
      );
      return {
        migrations,
        tables,
        sequences: sequences.map((row) => ({
          name: row.name,
          lastValue: row.last_value === null ? null : String(row.last_value),
        })),
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );

  const imageEntries: FileEntry[] = [];
  for (const key of await images.list()) {
    // A file still being written by an upload (the disk store's rename) is not an image yet.
    if (key.endsWith('.partial')) continue;
    const bytes = await images.read(key);
    if (!bytes) continue; // deleted since it was listed
    const name = `images/${key}`;
    await target.write(name, bytes);
    imageEntries.push({ name, bytes: bytes.length, sha256: sha256(bytes) });
  }

  const manifest: Manifest = {
    format: BACKUP_FORMAT,
    startedAt,
    finishedAt: new Date().toISOString(),
    database: { kind: database.kind, ...snapshot },
    images: imageEntries,
  };
  // Last: a backup without its manifest is one that did not finish, and restore refuses it.
  await target.write(MANIFEST, new TextEncoder().encode(JSON.stringify(manifest, null, 2)));
  return manifest;
}

/**
 * Reads the manifest and checks every file it lists against its size and checksum; refuses, naming
 * what is wrong, a backup that did not finish or whose files changed. Reads each file once more on
 * restore rather than keeping them all in memory.
 */
export async function verifyBackup(source: Files): Promise<Manifest> {
  const raw = await source.read(MANIFEST);
  if (!raw) {
    const present = (await source.list()).length;
    throw new BackupRefused(
      present
        ? `${source.where} is a partial backup: it has no ${MANIFEST}, which is written last, so the backup never finished`
        : `${source.where} holds no backup`,
    );
  }
  let manifest: Manifest;
  try {
    manifest = JSON.parse(new TextDecoder().decode(raw)) as Manifest;
  } catch {
    throw new BackupRefused(`${source.where}: ${MANIFEST} is not readable JSON (corrupt)`);
  }
  if (manifest.format !== BACKUP_FORMAT || !manifest.database?.tables || !Array.isArray(manifest.images))
    throw new BackupRefused(`${source.where}: ${MANIFEST} is not a ${BACKUP_FORMAT} manifest`);
  const problems: string[] = [];
  for (const entry of [...manifest.database.tables, ...manifest.images]) {
    const bytes = await source.read(entry.name);
    if (!bytes) problems.push(`${entry.name} is missing (partial backup)`);
    else if (bytes.length !== entry.bytes || sha256(bytes) !== entry.sha256)
      problems.push(`${entry.name} does not match its checksum (corrupt)`);
    if (problems.length >= 5) break;
  }
  if (problems.length)
    throw new BackupRefused(
      `${source.where} cannot be restored: ${problems.join('; ')}. Nothing was changed.`,
    );
  return manifest;
}

/**
 * Brings an empty database (migrated by this release, no rows) and an image store to the backup's state:
 * verifies everything first, copies the images, then loads every table and sequence in one transaction,
 * so a failure leaves the database as empty as it was.
 */
export async function restoreBackup(options: {
  source: Files;
  database: Database;
  images: Files;
  /** verifyBackup's answer when the caller checked the backup before making the database. */
  verified?: Manifest;
}): Promise<Manifest> {
  const { source, database, images } = options;
  const manifest = options.verified ?? (await verifyBackup(source));
  const db = database.db;

  const migrations = await migrationsOf(db);
  if (migrations.join() !== manifest.database.migrations.join())
    throw new BackupRefused(
      `the backup was made with ${manifest.database.migrations.length} migrations and this release has ${migrations.length}: restore it with the release that made it (then upgrade as usual)`,
    );
  const tables = await tablesInLoadOrder(db);
  const missing = manifest.database.tables.filter((entry) => !tables.includes(entry.table));
  if (missing.length)
    throw new BackupRefused(
      `the backup has tables this database has not: ${missing.map((t) => t.table).join(', ')}`,
    );
  for (const table of tables) {
    const [{ count }] = (await rowsOfQuery<{ count: number }>(
      db,
      sql`select count(*)::int as count from ${sql.identifier(table)}`,
    )) as [{ count: number }];
    if (count > 0)
      throw new BackupRefused(
        `the target database is not empty (${table} has ${count} rows): restore into a fresh data folder or database`,
      );
  }
  const existingImages = await images.list();
  if (existingImages.length)
    throw new BackupRefused(`the image store ${images.where} is not empty: restore into a fresh one`);

  for (const entry of manifest.images) {
    const bytes = (await source.read(entry.name))!;
    if (sha256(bytes) !== entry.sha256) throw new BackupRefused(`${entry.name} changed while restoring`);
    await images.write(entry.name.slice('images/'.length), bytes);
  }

  const byTable = new Map(manifest.database.tables.map((entry) => [entry.table, entry]));
  await db.transaction(async (tx) => {
    for (const table of tables) {
      const entry = byTable.get(table);
      if (!entry || entry.rows === 0) continue;
      const bytes = (await source.read(entry.name))!;
      if (sha256(bytes) !== entry.sha256) throw new BackupRefused(`${entry.name} changed while restoring`);
      const lines = gunzipSync(bytes).toString('utf8').split('\n').filter(Boolean);
      if (lines.length !== entry.rows)
        throw new BackupRefused(`${entry.name}: ${lines.length} rows, manifest says ${entry.rows}`);
      for (let start = 0; start < lines.length; start += 1000) {
        const batch = `[${lines.slice(start, start + 1000).join(',')}]`;
        await tx.execute(
          sql`insert into ${sql.identifier(table)} select * from json_populate_recordset(null::${sql.identifier(table)}, ${batch}::json)`,
        );
      }
    }
    for (const sequence of manifest.database.sequences) {
      if (sequence.lastValue === null) continue;
      await tx.execute(sql`select setval(${sequence.name}::regclass, ${sequence.lastValue}::bigint, true)`);
    }
  });
  return manifest;
}
