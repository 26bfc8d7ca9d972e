import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { shopPorts } from '@shop/shared-contract';
import { shellConfig } from '@shop/shared-contract/shell-config';
import {
  createFolderStore,
  publicFolder,
  releaseCheckPort,
  releaseFiles,
  releaseLocalBuild,
} from '@shop/release-tool';
import { appDir, frontendApps, repoRoot } from './lib/apps.ts';
import { buildMissingApps } from './lib/build-apps.ts';
import { serveApp, type ServedApp } from './lib/serve-app.ts';

// `pnpm start`: the assembled production shop on one machine. Builds what is missing or out of date,
// publishes each remote's build to the release store and makes it live (unless someone released another,
// release-tool/), starts the api, serves each remote's releases at its address, and starts the shell's page
// server (page-server/), which serves the shell's files and config.json and renders the pages. Ctrl-C stops
// all of it.
const ports = shopPorts(process.env);
const shellOrigin = `http://localhost:${ports.shell}`;
const servers: ServedApp[] = [];
let api: ChildProcess | undefined;
let pageServer: ChildProcess | undefined;
let stopping = false;

async function stop(code: number): Promise<never> {
  if (!stopping) {
    stopping = true;
    await Promise.all([...servers.map((server) => server.close()), end(pageServer), end(api)]);
  }
  process.exit(code);
}

async function end(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const forced = setTimeout(() => child.kill('SIGKILL'), 5000);
  await new Promise((done) => child.once('exit', done));
  clearTimeout(forced);
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void stop(0));

/** A part of the shop in its own process; if it stops on its own, the whole shop stops. */
function startPart(name: string, script: string, env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(process.execPath, [path.join(repoRoot, script)], {
    cwd: repoRoot,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  child.on('exit', (code, signal) => {
    if (stopping) return;
    console.error(`${name} stopped (${signal ?? `exit code ${code}`}); stopping the shop`);
    void stop(1);
  });
  return child;
}

function startApi(): ChildProcess {
  // The page server of the release tool's check calls the api too (pnpm release check).
  const checkOrigin = `,http://localhost:${releaseCheckPort(process.env, ports)}`;
  const extraOrigins = `${checkOrigin}${process.env.CORS_ORIGINS ? `,${process.env.CORS_ORIGINS}` : ''}`;
  return startPart('api', path.join('api', 'src', 'server.ts'), {
    API_PORT: String(ports.api),
    CORS_ORIGINS: `${shellOrigin}${extraOrigins}`,
    SHOP_URL: process.env.SHOP_URL ?? shellOrigin,
  });
}

async function waitFor(what: string, url: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error(`${what} did not answer at ${url} within ${timeoutMs / 1000} s`);
}

try {
  await buildMissingApps(frontendApps);
  // The local shop's release store is a folder (the release tool's default), whatever else is configured.
  const storeDir = path.resolve(repoRoot, process.env.RELEASE_STORE_DIR ?? '.releases');
  const store = createFolderStore(storeDir);
  for (const app of ['storefront', 'admin'] as const)
    await releaseLocalBuild({
      store,
      app,
      dir: path.join(appDir(app), 'dist'),
      appDir: appDir(app),
      repoRoot,
      log: (line) => console.log(line),
    });
  // SHOP_EXTERNAL_API=1: use an api that already runs on API_PORT (for example one a frontend developer
  // keeps running while restarting the frontends).
  if (!process.env.SHOP_EXTERNAL_API) api = startApi();
  await waitFor('the api', `http://localhost:${ports.api}/api/v1/health`);
  // The shell is served last: once it answers, the whole shop does (test runners wait for it). Every
  // server's Content-Security-Policy comes from the same config.json the shell reads.
  const shop = shellConfig(ports, process.env);
  const https = (process.env.SHOP_URL ?? '').startsWith('https://');
  servers.push(
    ...(await Promise.all(
      (['storefront', 'admin'] as const).map((app) => {
        const dir = publicFolder(storeDir, app);
        return serveApp({ dir, files: releaseFiles(dir), port: ports[app], cors: true, shop, https });
      }),
    )),
  );
  // The shell's page server, once the remotes answer: config.json, the shell's files and every page.
  pageServer = startPart('page server', path.join('page-server', 'src', 'main.ts'), {
    SHELL_PORT: String(ports.shell),
    SHOP_URL: process.env.SHOP_URL ?? shellOrigin,
  });
  await waitFor('the page server', `${shellOrigin}/config.json`);
  console.log(`
  The shop is running:  ${shellOrigin}
    storefront remote   http://localhost:${ports.storefront}/live.json
    admin remote        http://localhost:${ports.admin}/live.json
    releases            ${storeDir}   (pnpm release list)
    api                 http://localhost:${ports.api}/api/v1   (reference: http://localhost:${ports.api}/api/docs)

  Demo accounts (embedded database):
    admin@example.com    / Admin12345    (admin)
    shopper@example.com  / Shopper12345  (shopper)

  Press Ctrl-C to stop.
`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  await stop(1);
}
