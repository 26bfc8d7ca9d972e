import { cpSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SERVER_MANIFEST_FILE, type ServerManifest } from '@shop/shared-contract';
import { repoRoot } from '../../scripts/lib/apps.ts';

// Storefront releases broken as a release can be after it was built, each a tampered copy of a real build:
// what the shell's fail-over, the page server and the release gate must survive.

/**
 * A copy of a storefront build, broken as a release can be after it was built: `tamper` changes its files.
 * The precompressed copies go, so the changed files are the ones served.
 */
export function brokenCopy(built: string, name: string, tamper: (dir: string) => void): string {
  const dir = path.join(repoRoot, 'test-results', `storefront-${name}`);
  rmSync(dir, { recursive: true, force: true });
  cpSync(built, dir, { recursive: true });
  for (const file of readdirSync(dir, { recursive: true, encoding: 'utf8' }))
    if (file.endsWith('.gz') || file.endsWith('.br')) rmSync(path.join(dir, file));
  tamper(dir);
  return dir;
}

interface BuiltManifest {
  metaData: { remoteEntry: { name: string } };
  exposes: { name: string; assets: { js: { sync: string[] } } }[];
}

/** The release's remote entry, missing: what an upload cut short leaves (its entry answers 404). */
export const withoutRemoteEntry = (dir: string) => {
  const manifest = JSON.parse(readFileSync(path.join(dir, 'mf-manifest.json'), 'utf8')) as BuiltManifest;
  rmSync(path.join(dir, manifest.metaData.remoteEntry.name));
};

/** The release's routes module throws as it is evaluated: a bug that only shows in a browser. */
export const throwingRoutes = (message: string) => (dir: string) => {
  const manifest = JSON.parse(readFileSync(path.join(dir, 'mf-manifest.json'), 'utf8')) as BuiltManifest;
  const routes = manifest.exposes.find((expose) => expose.name === 'routes')!.assets.js.sync;
  const file = path.join(
    dir,
    routes.find((chunk) => chunk.includes('StorefrontRoutes'))!,
  );
  writeFileSync(file, `throw new Error(${JSON.stringify(message)});\n${readFileSync(file, 'utf8')}`);
};

interface ManifestShare {
  name: string;
  version: string;
  requiredVersion: string;
}

/**
 * The release as if it had been built against another React: its manifest, its pinned copy (which pages the
 * server renders point at), the server entry's manifest (which the page server checks) and its remote
 * entry's share map declare that version and range. The code inside is the same; what the shell decides
 * on is what the release declares.
 */
export const builtWithReact = (version: string, requiredVersion: string) => (dir: string) => {
  const serverManifestFile = path.join(dir, SERVER_MANIFEST_FILE);
  const serverManifest = JSON.parse(readFileSync(serverManifestFile, 'utf8')) as ServerManifest;
  const manifest = JSON.parse(readFileSync(path.join(dir, 'mf-manifest.json'), 'utf8')) as {
    shared: ManifestShare[];
  };
  const react = manifest.shared.find((share) => share.name === 'react')!;
  const before = react.version;
  Object.assign(react, { version, requiredVersion });
  for (const file of ['mf-manifest.json', serverManifest.browserManifest])
    writeFileSync(path.join(dir, file), JSON.stringify(manifest));
  Object.assign(
    serverManifest.shared.find((share) => share.name === 'react')!,
    { version, requiredVersion },
  );
  writeFileSync(serverManifestFile, JSON.stringify(serverManifest));
  const assets = path.join(dir, 'assets');
  const shareMap = readdirSync(assets).find((file) => file.startsWith('_virtual_mf-localSharedImportMap'))!;
  const source = readFileSync(path.join(assets, shareMap), 'utf8');
  const declared = `react:{name:\`react\`,version:\`${before}\``;
  if (!source.includes(declared)) throw new Error(`${shareMap} does not declare ${declared}`);
  writeFileSync(
    path.join(assets, shareMap),
    source
      .replace(declared, `react:{name:\`react\`,version:\`${version}\``)
      // the first range after the name is react's own
      .replace(/(requiredVersion:`)\^19\.0\.0(`)/, `$1${requiredVersion}$2`),
  );
};
