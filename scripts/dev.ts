import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { shopPorts } from '@shop/shared-contract';
import { appDir, repoRoot } from './lib/apps.ts';

// `pnpm dev`: the assembled shop on dev servers (hot reload). The shell's dev server makes its config.json
// from the same ports (shell/vite.config.ts); remotes serve their manifest in dev too.
const ports = shopPorts(process.env);
const vite = path.join(repoRoot, 'node_modules', 'vite', 'bin', 'vite.js');
const colours = { api: 35, shell: 36, storefront: 32, admin: 33 } as const;

function run(
  name: keyof typeof colours,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv = {},
): ChildProcess {
  // Own process group, so stopping a dev server also stops what it started (esbuild, workers).
  const child = spawn(process.execPath, args, { cwd, env: { ...process.env, ...env }, detached: true });
  const prefix = `\x1b[${colours[name]}m${name.padEnd(10)}\x1b[0m│ `;
  const pipe = (stream: NodeJS.ReadableStream, out: NodeJS.WriteStream) => {
    let rest = '';
    stream.on('data', (chunk: Buffer) => {
      const lines = (rest + chunk.toString()).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) out.write(prefix + line + '\n');
    });
  };
  pipe(child.stdout!, process.stdout);
  pipe(child.stderr!, process.stderr);
  child.on('exit', (code) => {
    if (!stopping) console.error(`${prefix}stopped (exit code ${code})`);
  });
  return child;
}

let stopping = false;
const children = [
  run('api', ['--watch', path.join('api', 'src', 'server.ts')], repoRoot, {
    API_PORT: String(ports.api),
    CORS_ORIGINS: `http://localhost:${ports.shell}`,
  }),
  run('storefront', [vite], appDir('storefront'), { SHOP_ASSEMBLED_DEV: '1' }),
  run('admin', [vite], appDir('admin'), { SHOP_ASSEMBLED_DEV: '1' }),
  run('shell', [vite], appDir('shell')),
];

function stop() {
  stopping = true;
  for (const child of children) {
    if (child.pid && child.exitCode === null) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
  }
  setTimeout(() => process.exit(0), 500);
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
console.log(`Dev shop: http://localhost:${ports.shell} (Ctrl-C stops all dev servers)`);
