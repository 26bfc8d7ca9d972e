import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

// The images' run stage is `FROM scratch` + what deploy/node-runtime/collect-rootfs.sh takes from the build
// stage (issue 26): this runs the script on this machine's node and starts node inside the result alone.
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const script = path.join(repoRoot, 'deploy', 'node-runtime', 'collect-rootfs.sh');
const rootfs = path.join(mkdtempSync(path.join(tmpdir(), 'shop-node-runtime-')), 'rootfs');
afterAll(() => rmSync(path.dirname(rootfs), { recursive: true, force: true }));
const modules = path.join(repoRoot, 'node_modules');
/** The absolute paths ldd names for a file, outside node_modules (what the script must copy). */
const librariesOf = (file: string) =>
  [...execFileSync('ldd', [file], { encoding: 'utf8' }).matchAll(/(\/\S+)/g)]
    .map((match) => match[1]!)
    .filter((library) => !library.includes('/node_modules/'));

describe('the node-only run stage', () => {
  it('holds node, the libraries it and the native modules link, /tmp and uid 1000, and node starts in it', () => {
    execFileSync('sh', [script, rootfs, modules], { stdio: 'pipe' });
    const node = path.join(rootfs, 'usr', 'local', 'bin', 'node');
    expect(statSync(node).size).toBeGreaterThan(10_000_000);
    // Every library (and the dynamic loader, glibc's or musl's) that node and sharp's binding name is there
    // at the same path.
    const sharpBinding = execFileSync('find', [path.join(modules, '.pnpm'), '-name', 'sharp-*.node'], {
      encoding: 'utf8',
    }).split('\n')[0]!;
    const needed = [...librariesOf(process.execPath), ...librariesOf(sharpBinding)];
    expect(needed.some((library) => /\/ld-/.test(library))).toBe(true);
    for (const library of needed) expect(statSync(path.join(rootfs, library)).isFile(), library).toBe(true);
    expect(statSync(path.join(rootfs, 'tmp')).mode & 0o7777).toBe(0o1777);
    expect(readFileSync(path.join(rootfs, 'etc', 'passwd'), 'utf8')).toMatch(/^node:x:1000:1000:/m);
    if (process.getuid?.() === 0) {
      // Nothing from this machine but the copied files: a missing library would stop node here.
      const started = spawnSync('chroot', [rootfs, '/usr/local/bin/node', '-p', 'process.version'], {
        encoding: 'utf8',
      });
      expect(started.stdout.trim()).toBe(process.version);
    }
  });

  it('is what both Dockerfiles run on: FROM scratch with the collected root and node on PATH', () => {
    for (const dockerfile of ['api/Dockerfile', 'page-server/Dockerfile']) {
      const text = readFileSync(path.join(repoRoot, dockerfile), 'utf8');
      const runStage = text.slice(text.lastIndexOf('\nFROM '));
      expect(runStage, dockerfile).toMatch(/^\nFROM scratch AS runtime\nCOPY --from=\w+ \/node-runtime \/\n/);
      expect(runStage, dockerfile).toMatch(/ENV PATH=\/usr\/local\/bin /);
      expect(text, dockerfile).toMatch(/collect-rootfs\.sh \/node-runtime \/shop\/node_modules/);
    }
  });

  it('copies the manifest of every workspace package the images build from before their frozen install', () => {
    // pnpm installs a workspace package it cannot find as a bare link, without the package's own
    // dependencies, and exits 0: the image's build then fails, or bundles from somewhere else.
    const notInImages = ['release-tool'];
    const workspace = readFileSync(path.join(repoRoot, 'pnpm-workspace.yaml'), 'utf8');
    const packages = [...workspace.split(/\n\S/)[0]!.matchAll(/^ {2}- (\S+)$/gm)]
      .map((match) => match[1]!)
      .filter((name) => !notInImages.includes(name));
    expect(packages).toEqual(expect.arrayContaining(['shell', 'shared-query', 'api', 'page-server']));
    for (const dockerfile of ['api/Dockerfile', 'page-server/Dockerfile']) {
      const text = readFileSync(path.join(repoRoot, dockerfile), 'utf8');
      const beforeInstall = text.slice(0, text.indexOf('RUN pnpm install --frozen-lockfile'));
      for (const name of packages)
        expect(beforeInstall, `${dockerfile}: ${name}`).toContain(`COPY ${name}/package.json ${name}/\n`);
    }
  });
});
