import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { releaseLocalBuild } from './local-shop.ts';
import { promote } from './registry.ts';
import { loadRegistry, saveRegistry } from './registry-file.ts';
import { createFolderStore } from './stores/folder-store.ts';

const made: string[] = [];
const folder = (prefix: string) => {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  made.push(dir);
  return dir;
};
afterEach(() => made.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function build(marker: string) {
  const dir = folder('shop-build-');
  writeFileSync(path.join(dir, 'mf-manifest.json'), JSON.stringify({ marker }));
  return dir;
}

describe('pnpm start and the release store', () => {
  it('makes each new build live, until a person releases another: that one stays, with a line saying so', async () => {
    const store = createFolderStore(folder('shop-store-'));
    const appDir = folder('shop-app-');
    mkdirSync(appDir, { recursive: true });
    writeFileSync(path.join(appDir, 'package.json'), JSON.stringify({ version: '0.1.0' }));
    const lines: string[] = [];
    const start = (dir: string) =>
      releaseLocalBuild({
        store,
        app: 'storefront',
        dir,
        appDir,
        repoRoot: appDir,
        log: (line) => lines.push(line),
      });

    await start(build('one'));
    const first = (await loadRegistry(store, 'storefront')).live[0]!.id;
    await start(build('two'));
    const second = await loadRegistry(store, 'storefront');
    expect(second.live).toEqual([{ id: second.releases[1]!.id, share: 100 }]);
    expect(second.previous).toEqual([first]);

    // A person puts the first back live: the next start leaves it.
    await saveRegistry(store, promote(second, first, 100, 'Asha', true));
    await start(build('three'));
    const third = await loadRegistry(store, 'storefront');
    expect(third.live).toEqual([{ id: first, share: 100 }]);
    expect(lines.at(-1)).toMatch(
      new RegExp(
        `${first} \\(100%\\) stays live as released; this build is .* \\(pnpm release promote storefront`,
      ),
    );
  });
});
