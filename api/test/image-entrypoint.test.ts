import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './helpers/free-port.ts';

// The api image's entry point, run the way the image runs it but outside a container (issue 26): the
// Dockerfile's ENV, WORKDIR, CMD and HEALTHCHECK read from the file itself, so the test follows the image.
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const dockerfile = readFileSync(path.join(repoRoot, 'api', 'Dockerfile'), 'utf8').replace(/\\\n\s*/g, ' ');
const runtime = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
const run = promisify(execFile);

/** The exec form (JSON array) of the runtime stage's last `instruction` (CMD, or HEALTHCHECK … CMD). */
const execForm = (instruction: 'CMD' | 'HEALTHCHECK') => {
  const line = runtime
    .split('\n')
    .filter((candidate) => candidate.startsWith(`${instruction} `))
    .at(-1)!;
  return JSON.parse(line.slice(line.indexOf('['))) as string[];
};
const imageEnv = Object.fromEntries(
  [...runtime.matchAll(/^ENV (.+)$/gm)].flatMap((match) =>
    [...match[1]!.matchAll(/(\w+)=(\S+)/g)].map((pair) => [pair[1]!, pair[2]!]),
  ),
);
const workdir = [...runtime.matchAll(/^WORKDIR (\S+)$/gm)].at(-1)![1]!;
/** /shop in the image is the repository here. */
const local = (imagePath: string) => path.join(repoRoot, path.relative('/shop', imagePath));

const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-image-entry-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('the api image', () => {
  it('runs as a user other than root and writes only under /data', () => {
    const user = [...runtime.matchAll(/^USER (\S+)$/gm)].at(-1)?.[1];
    expect(user).toBeDefined();
    expect(user!.split(':')[0]).not.toMatch(/^(0|root)$/);
    expect(imageEnv.DATA_DIR).toBe('/data');
    expect(imageEnv.NODE_ENV).toBe('production');
  });

  it('its CMD serves in production and its HEALTHCHECK passes, outside a container', async () => {
    const port = await freePort();
    const [command, ...args] = execForm('CMD');
    expect(command).toBe('node');
    const env = {
      PATH: process.env.PATH,
      ...imageEnv,
      // What compose.yaml's env files give it, with the embedded database instead of PostgreSQL.
      API_PORT: String(port),
      API_HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ALLOW_EMBEDDED_DATABASE: 'true',
      JWT_SECRET: 'an-image-entry-point-test-secret-of-48-bytes-ok',
      PUBLIC_API_URL: 'https://shop.localhost',
      SHOP_URL: 'https://shop.localhost',
      CORS_ORIGINS: 'https://shop.localhost',
      STRIPE_SECRET_KEY: 'sk_test_placeholder',
      GST_SELLER_GSTIN: '27AAAAA0000A1Z5',
    };
    const child = spawn(process.execPath, args, {
      cwd: local(workdir),
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk));
    try {
      const deadline = Date.now() + 60_000;
      let ready = false;
      while (!ready && Date.now() < deadline && child.exitCode === null) {
        ready = await fetch(`http://127.0.0.1:${port}/api/v1/health/ready`).then(
          (response) => response.ok,
          () => false,
        );
        if (!ready) await new Promise((resolve) => setTimeout(resolve, 250));
      }
      expect(ready, output).toBe(true);
      expect(output).not.toMatch(/Refusing to start/);

      const [healthCommand, ...healthArgs] = execForm('HEALTHCHECK');
      expect(healthCommand).toBe('node');
      await expect(run(process.execPath, healthArgs, { env })).resolves.toBeDefined();
    } finally {
      // A process that refused to start has exited already: its exit event will not come again.
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((resolve) => child.once('exit', resolve));
      }
    }
    // SIGTERM (what `docker stop` sends) closes it cleanly.
    expect(child.exitCode).toBe(0);
    // The HEALTHCHECK fails once it is gone.
    const [, ...healthArgs] = execForm('HEALTHCHECK');
    await expect(run(process.execPath, healthArgs, { env })).rejects.toMatchObject({ code: 1 });
  });
});
