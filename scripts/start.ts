import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { shopPorts } from '@shop/shared-contract';
import { shellConfig } from '@shop/shared-contract/shell-config';
import { appDir, frontendApps, repoRoot } from './lib/apps.ts';
import { buildMissingApps } from './lib/build-apps.ts';
import { serveApp, type ServedApp } from './lib/serve-app.ts';
import { documentFor, shellDocuments } from './lib/shell-document.ts';

// `pnpm start`: the assembled production shop on one machine. Builds what is missing or out of date,
// starts the api, serves the three builds and the shell's config.json. Ctrl-C stops all of it.
const ports = shopPorts(process.env);
const shellOrigin = `http://localhost:${ports.shell}`;
const servers: ServedApp[] = [];
let api: ChildProcess | undefined;
let stopping = false;

async function stop(code: number): Promise<never> {
  if (!stopping) {
    stopping = true;
    await Promise.all(servers.map((server) => server.close()));
    if (api && api.exitCode === null) {
      api.kill('SIGTERM');
      const forced = setTimeout(() => api?.kill('SIGKILL'), 5000);
      await new Promise((done) => api?.once('exit', done));
      clearTimeout(forced);
    }
  }
  process.exit(code);
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void stop(0));

function startApi(): ChildProcess {
  const extraOrigins = process.env.CORS_ORIGINS ? `,${process.env.CORS_ORIGINS}` : '';
  const child = spawn(process.execPath, [path.join(repoRoot, 'api', 'src', 'server.ts')], {
    cwd: repoRoot,
    stdio: 'inherit',
    env: {
      ...process.env,
      API_PORT: String(ports.api),
      CORS_ORIGINS: `${shellOrigin}${extraOrigins}`,
      SHOP_URL: process.env.SHOP_URL ?? shellOrigin,
    },
  });
  child.on('exit', (code, signal) => {
    if (stopping) return;
    console.error(`api stopped (${signal ?? `exit code ${code}`}); stopping the shop`);
    void stop(1);
  });
  return child;
}

async function waitForApi(timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`http://localhost:${ports.api}/api/v1/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error(`api did not answer on port ${ports.api} within ${timeoutMs / 1000} s`);
}

try {
  await buildMissingApps(frontendApps);
  // SHOP_EXTERNAL_API=1: use an api that already runs on API_PORT (for example one a frontend developer
  // keeps running while restarting the frontends).
  if (!process.env.SHOP_EXTERNAL_API) api = startApi();
  await waitForApi();
  // The shell is served last: once it answers, the whole shop does (test runners wait for it). Every
  // server's Content-Security-Policy comes from the same config.json the shell reads.
  const shop = shellConfig(ports, process.env);
  const https = (process.env.SHOP_URL ?? '').startsWith('https://');
  servers.push(
    await serveApp({
      dir: path.join(appDir('storefront'), 'dist'),
      port: ports.storefront,
      cors: true,
      shop,
      https,
    }),
    await serveApp({ dir: path.join(appDir('admin'), 'dist'), port: ports.admin, cors: true, shop, https }),
  );
  // The shell's deploy step, once the remotes answer: config.json and the page with its preloads.
  const shellDir = path.join(appDir('shell'), 'dist');
  const documents = await shellDocuments(shellDir, shop);
  servers.push(
    await serveApp({
      dir: shellDir,
      port: ports.shell,
      spa: true,
      generated: { '/config.json': shop },
      document: (pathname, search) => documentFor(documents, pathname, search),
      https,
    }),
  );
  console.log(`
  The shop is running:  ${shellOrigin}
    storefront remote   http://localhost:${ports.storefront}/mf-manifest.json
    admin remote        http://localhost:${ports.admin}/mf-manifest.json
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
