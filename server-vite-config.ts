import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type UserConfig } from 'vite';
import {
  REMOTE_MANIFEST_FILE,
  SERVER_ENTRY_CONTRACT,
  SERVER_MANIFEST_FILE,
  type ServerManifest,
  withLegacyShareNames,
} from '@shop/shared-contract';
import { minify, shopAliases, sharedDependencies } from './federation.shared.ts';

/**
 * The shared packages of a server render, by the names modules import them with: the browser's shares
 * (federation.shared.ts) and React's JSX runtime, which compiled components import. The shell's server
 * build carries them (shell/src/server/entry.tsx, `shares`); a remote's server build leaves them out and
 * the page server hands it the shell's (page-server/src/render/server-shares.ts).
 */
export const SERVER_SHARES = [...Object.keys(sharedDependencies()), 'react/jsx-runtime'];

const isServerShare = (id: string) => SERVER_SHARES.includes(id);

/** The version of a package an app depends on (a subpath's package: `react` for `react/jsx-runtime`). */
function versionOf(appDir: string, id: string): string {
  const name = id.startsWith('@') ? id.split('/').slice(0, 2).join('/') : id.split('/')[0]!;
  const file = path.join(appDir, 'node_modules', name, 'package.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
}

/** One ES module for Node, minified, its dynamic imports inlined (one file to fetch and load). */
function serverBuild(
  appDir: string,
  entry: string,
  fileName: string,
  external: (id: string) => boolean,
): UserConfig {
  return {
    root: appDir,
    plugins: [react()],
    resolve: { alias: shopAliases('build') },
    // React and the libraries pick their production builds; the dev branches are left out.
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    ssr: { noExternal: true, target: 'node' },
    build: {
      ssr: entry,
      outDir: 'dist/server',
      emptyOutDir: true,
      copyPublicDir: false,
      target: 'node22',
      // Names kept in a VITE_UNMINIFIED build, for the page server's CPU profiles.
      minify: minify !== false,
      rolldownOptions: {
        external,
        output: { entryFileNames: fileName, codeSplitting: false },
      },
    },
    logLevel: 'warn',
  };
}

/**
 * The shell's server build: `dist/server/shell-server.mjs`, everything bundled (the page server runs it
 * with no node_modules of its own), carrying the versions of the shares it lends to remotes.
 */
export function shellServerViteConfig(appDir: string) {
  // Old names of renamed shares too: the shell lends them to releases built before the rename.
  const versions = withLegacyShareNames(
    Object.fromEntries(SERVER_SHARES.map((id) => [id, versionOf(appDir, id)])),
  );
  return defineConfig({
    ...serverBuild(appDir, 'src/server/entry.tsx', 'shell-server.mjs', (id) => id.startsWith('node:')),
    define: {
      'process.env.NODE_ENV': JSON.stringify('production'),
      __SHOP_SHARE_VERSIONS__: JSON.stringify(versions),
    },
  });
}

/**
 * A remote's server build: `dist/server/entry-<hash>.mjs` with the shares left as imports, and
 * `server-manifest.json` beside its `mf-manifest.json` naming it, with the shares' versions from that
 * manifest (the browser release's own), so the page server applies the same version-skew rule.
 */
export function remoteServerViteConfig(appDir: string, entry: string) {
  const manifestPlugin: Plugin = {
    name: 'shop-server-manifest',
    writeBundle(output, bundle) {
      const chunk = Object.values(bundle).find((file) => file.type === 'chunk' && file.isEntry);
      if (!chunk) throw new Error('the server build has no entry chunk');
      // The release folder: the browser build's, where this build's `server/` folder goes.
      const releaseDir = path.dirname(output.dir ?? path.join(appDir, 'dist', 'server'));
      const browserText = readFileSync(path.join(releaseDir, REMOTE_MANIFEST_FILE), 'utf8');
      const browser = JSON.parse(browserText) as {
        shared: { name: string; version: string; requiredVersion?: string | false }[];
      };
      const hash = createHash('sha256').update(browserText).digest('hex').slice(0, 12);
      const pinned = REMOTE_MANIFEST_FILE.replace(/\.json$/, `-${hash}.json`);
      writeFileSync(path.join(releaseDir, pinned), browserText);
      const manifest: ServerManifest = {
        contract: SERVER_ENTRY_CONTRACT,
        entry: `server/${chunk.fileName}`,
        browserManifest: pinned,
        shared: browser.shared
          .filter((share) => isServerShare(share.name))
          .map(({ name, version, requiredVersion }) => ({ name, version, requiredVersion })),
      };
      writeFileSync(path.join(releaseDir, SERVER_MANIFEST_FILE), JSON.stringify(manifest));
    },
  };
  const config = serverBuild(
    appDir,
    entry,
    'entry-[hash].mjs',
    (id) => isServerShare(id) || id.startsWith('node:'),
  );
  return defineConfig({ ...config, plugins: [...(config.plugins ?? []), manifestPlugin] });
}
