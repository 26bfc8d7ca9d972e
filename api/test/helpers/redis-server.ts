import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { freePort } from './free-port.ts';

/** Debian's redis-server (`apt-get install redis-server`; .ci/run installs it), if this machine has it. */
export const redisBinary = [
  ...(process.env.PATH ?? '').split(path.delimiter).map((dir) => path.join(dir, 'redis-server')),
  '/usr/bin/redis-server',
].find((file) => existsSync(file));

/** Why the Redis tests do not run here; CI always has the binary, so there a missing one fails. */
export const redisMissing = redisBinary
  ? undefined
  : 'redis-server is not installed (apt-get install redis-server); the Redis store tests are skipped';
if (redisMissing && process.env.CI) throw new Error(redisMissing);

/** A throwaway redis-server on a free loopback port (or `port`, to bring one back), nothing persisted. */
export async function startRedis(port?: number) {
  port ??= await freePort();
  const child = spawn(
    redisBinary!,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`redis-server did not start: ${output}`)), 10_000);
    child.stdout!.on('data', (chunk) => {
      output += chunk;
      if (output.includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => reject(new Error(`redis-server exited ${code}: ${output}`)));
  });
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
