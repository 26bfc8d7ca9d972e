import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_S3_CREDENTIALS, startFakeS3 } from '../../api/test/helpers/fake-s3.ts';
import { publishRelease } from './publish.ts';
import { promote } from './registry.ts';
import { loadRegistry, saveRegistry } from './registry-file.ts';
import { KeyExists, type ReleaseStore } from './release-store.ts';
import { createFolderStore } from './stores/folder-store.ts';
import { createS3Store } from './stores/s3-store.ts';

/** A build of the storefront as the release tool sees one: its manifest, its entry, a hashed asset. */
function fakeBuild(marker: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'shop-build-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'mf-manifest.json'), JSON.stringify({ name: 'storefront', marker }));
  writeFileSync(path.join(dir, 'remoteEntry-abc.js'), `export const marker = ${JSON.stringify(marker)};`);
  writeFileSync(path.join(dir, 'assets', 'routes-def.js'), 'export default 1;');
  writeFileSync(path.join(dir, 'mf-stats.json'), '{}');
  return dir;
}

const savedEnv = { ...process.env };
let s3: Awaited<ReturnType<typeof startFakeS3>>;
const folder = mkdtempSync(path.join(tmpdir(), 'shop-releases-'));

beforeAll(async () => {
  Object.assign(process.env, FAKE_S3_CREDENTIALS);
  s3 = await startFakeS3('shop-releases');
});
afterAll(async () => {
  await s3?.close();
  rmSync(folder, { recursive: true, force: true });
  for (const name of Object.keys(FAKE_S3_CREDENTIALS)) if (!(name in savedEnv)) delete process.env[name];
});

const stores: [string, () => ReleaseStore][] = [
  ['a folder', () => createFolderStore(folder)],
  ['an S3 bucket (s3rver)', () => createS3Store(s3.settings)],
];

describe.each(stores)('releases in %s', (_name, open) => {
  it('publishes a build under its release id, once, and never replaces a published file', async () => {
    const store = open();
    try {
      const build = fakeBuild('first');
      const published = await publishRelease({
        store,
        app: 'storefront',
        dir: build,
        version: '1.2.0',
        commit: 'abc1234',
        by: 'Asha',
      });
      const { id } = published.release;
      expect(id).toMatch(/^1\.2\.0-abc1234-[0-9a-f]{8}$/);
      expect(published.release).toMatchObject({ files: 3, publishedBy: 'Asha' });
      expect((await store.read(`storefront/public/releases/${id}/remoteEntry-abc.js`))?.toString()).toContain(
        'first',
      );
      expect(await store.exists(`storefront/public/releases/${id}/mf-stats.json`)).toBe(false);

      // The same build again: the same release, nothing written.
      const again = await publishRelease({
        store,
        app: 'storefront',
        dir: build,
        version: '1.2.0',
        commit: 'abc1234',
        by: 'Ravi',
      });
      expect(again).toMatchObject({ already: true, release: { id, publishedBy: 'Asha' } });

      // Another build is another release, beside the first.
      const second = await publishRelease({
        store,
        app: 'storefront',
        dir: fakeBuild('second'),
        version: '1.2.0',
        commit: 'abc1234',
        by: 'Asha',
      });
      expect(second.release.id).not.toBe(id);
      expect((await store.read(`storefront/public/releases/${id}/remoteEntry-abc.js`))?.toString()).toContain(
        'first',
      );
      expect((await loadRegistry(store, 'storefront')).releases.map((release) => release.id)).toEqual([
        id,
        second.release.id,
      ]);

      await expect(
        store.write(`storefront/public/releases/${id}/remoteEntry-abc.js`, Buffer.from('tampered'), {
          once: true,
        }),
      ).rejects.toBeInstanceOf(KeyExists);
    } finally {
      store.close();
    }
  });

  it('finishes a publication that was cut short, and writes live.json with what is live', async () => {
    const store = open();
    try {
      const build = fakeBuild(`cut-short ${Date.now()}`);
      const first = await publishRelease({
        store,
        app: 'admin',
        dir: build,
        version: '2.0.0',
        commit: 'def5678',
        by: 'Asha',
      });
      // As if the record had not been written: the files are there, the release is not recorded.
      await saveRegistry(store, { ...first.registry, releases: [], events: [] });
      const resumed = await publishRelease({
        store,
        app: 'admin',
        dir: build,
        version: '2.0.0',
        commit: 'def5678',
        by: 'Asha',
      });
      expect(resumed).toMatchObject({ already: false, release: { id: first.release.id } });

      await saveRegistry(store, promote(resumed.registry, first.release.id, 100, 'Asha', true));
      const live = JSON.parse((await store.read('admin/public/live.json'))!.toString());
      expect(live).toMatchObject({
        live: [
          { id: first.release.id, share: 100, manifest: `releases/${first.release.id}/mf-manifest.json` },
        ],
        previous: null,
      });
    } finally {
      store.close();
    }
  });
});
