import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../test/helpers/free-port.ts';

const serverEntry = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  'src',
  'server.ts',
);

export interface ApiProcess {
  /** http://127.0.0.1:PORT/api/v1 */
  base: string;
  child: ChildProcess;
  /** SIGKILL: no shutdown hook runs, nothing is flushed. */
  kill(): Promise<void>;
  /** SIGTERM: the api closes its database and exits. */
  stop(): Promise<void>;
}

/** The environment of a throwaway api: local gateway, self-promotion for an admin, no limits in the way. */
export function apiEnv(dataDir: string, databaseUrl: string | undefined): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    API_HOST: '127.0.0.1',
    SEED_DEMO: 'false',
    ALLOW_SELF_PROMOTION: 'true',
    PAYMENT_GATEWAY: 'local',
    JWT_SECRET: 'fault-test-secret-that-is-long-enough-for-hs256',
    AUTH_RATE_LIMIT: '1000000',
    PAYMENT_RATE_LIMIT: '1000000',
    CATALOG_CACHE_MS: '0',
    LOG_LEVEL: 'warn',
  };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  return env;
}

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((done) => child.once('exit', () => done()));

/** `node api/src/server.ts` as a real process on a free port, answered once /health answers. */
export async function startApiProcess(env: NodeJS.ProcessEnv, port?: number): Promise<ApiProcess> {
  const apiPort = port ?? (await freePort());
  const child = spawn(process.execPath, [serverEntry], {
    env: { ...env, API_PORT: String(apiPort) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const base = `http://127.0.0.1:${apiPort}/api/v1`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the api exited with code ${child.exitCode}: ${stderr}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the api did not answer within 60 s: ${stderr}`);
    }
    const up = await fetch(`${base}/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) break;
    await new Promise((done) => setTimeout(done, 100));
  }
  return {
    base,
    child,
    async kill() {
      child.kill('SIGKILL');
      await exited(child);
    },
    async stop() {
      child.kill('SIGTERM');
      await exited(child);
    },
  };
}
