import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { appDir, repoRoot, type FrontendApp } from './apps.ts';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);
const STAMP = '.build-inputs';

/** Everything a build of `app` depends on: its own sources and the shared packages it bundles. */
function buildInputs(app: FrontendApp): string[] {
  const roots = [
    appDir(app),
    // Every shared package, found rather than listed: one added later and missed here would leave
    // builds that import it taken for current after it changes.
    ...readdirSync(repoRoot)
      .filter((name) => name.startsWith('shared-'))
      .sort()
      .map((name) => path.join(repoRoot, name)),
    path.join(repoRoot, 'federation.shared.ts'),
    path.join(repoRoot, 'remote-vite-config.ts'),
    path.join(repoRoot, 'server-vite-config.ts'),
    path.join(repoRoot, 'pnpm-lock.yaml'),
  ];
  const files: string[] = [];
  const walk = (entry: string) => {
    const name = path.basename(entry);
    if (['node_modules', 'dist', '@mf-types', '.__mf__temp'].includes(name)) return;
    if (/\.test\.tsx?$/.test(name)) return;
    const stats = statSync(entry, { throwIfNoEntry: false });
    if (!stats) return;
    if (stats.isDirectory())
      readdirSync(entry)
        .sort()
        .forEach((child) => walk(path.join(entry, child)));
    else files.push(entry);
  };
  roots.forEach(walk);
  return files;
}

function inputsHash(app: FrontendApp, env: Record<string, string | undefined>): string {
  const hash = createHash('sha256');
  for (const file of buildInputs(app)) hash.update(path.relative(repoRoot, file)).update(readFileSync(file));
  for (const [key, value] of Object.entries(env).sort()) hash.update(`${key}=${value ?? ''}`);
  return hash.digest('hex');
}

/** The VITE_* variables a build reads: a different value is a different build. */
function buildEnv(): Record<string, string | undefined> {
  return Object.fromEntries(Object.entries(process.env).filter(([key]) => key.startsWith('VITE_')));
}

export function isBuildCurrent(app: FrontendApp, outDir = path.join(appDir(app), 'dist')): boolean {
  const stamp = path.join(outDir, STAMP);
  return existsSync(stamp) && readFileSync(stamp, 'utf8') === inputsHash(app, buildEnv());
}

function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited ${code}`)),
    );
  });
}

/** What a CDN deploy would upload: each text asset beside its gzip and brotli forms. */
async function precompress(dir: string): Promise<void> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) await precompress(file);
    else if (/\.(js|css|html|json|svg)$/.test(entry.name)) {
      const content = readFileSync(file);
      if (content.length < 1024) continue;
      writeFileSync(`${file}.gz`, await gzipAsync(content, { level: 9 }));
      writeFileSync(
        `${file}.br`,
        await brotliAsync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      );
    }
  }
}

export async function buildApp(app: FrontendApp, options: { outDir?: string; env?: NodeJS.ProcessEnv } = {}) {
  const outDir = options.outDir ?? path.join(appDir(app), 'dist');
  const env = { ...process.env, ...options.env };
  const vite = path.join(repoRoot, 'node_modules', 'vite', 'bin', 'vite.js');
  // The inputs as the build starts: a source edited while it runs then makes the stamp stale, and the next
  // build runs again (taken afterwards, it stamped a build of the older source as current).
  const viteEnv = Object.fromEntries(Object.entries(env).filter(([key]) => key.startsWith('VITE_')));
  const stamp = inputsHash(app, viteEnv);
  console.log(`\n▶ building ${app} → ${path.relative(repoRoot, outDir) || outDir}`);
  await run(
    process.execPath,
    [vite, 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
    appDir(app),
    env,
  );
  if (app === 'shell' || app === 'storefront') {
    await run(process.execPath, [path.join(repoRoot, 'scripts', 'prerender.ts'), app, outDir], repoRoot, env);
    // The server build the page server renders with (page-server/): the shell's own, and the storefront's
    // server entry published with its release (docs/federation.md, "Server rendering").
    await run(
      process.execPath,
      [
        vite,
        'build',
        '-c',
        'vite.server.config.ts',
        '--outDir',
        path.join(outDir, 'server'),
        '--emptyOutDir',
      ],
      appDir(app),
      env,
    );
  }
  await precompress(outDir);
  writeFileSync(path.join(outDir, STAMP), stamp);
}

/** Builds each app whose build is missing or older than its sources, one at a time (2-core machines). */
export async function buildMissingApps(apps: readonly FrontendApp[], force = false): Promise<FrontendApp[]> {
  const built: FrontendApp[] = [];
  for (const app of apps) {
    if (!force && isBuildCurrent(app)) continue;
    await buildApp(app);
    built.push(app);
  }
  return built;
}
