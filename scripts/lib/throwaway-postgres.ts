import { execFileSync } from 'node:child_process';
import { chmodSync, globSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface ThrowawayPostgres {
  url: string;
  stop(): void;
}

/**
 * A PostgreSQL cluster made for one run (benchmarks), from the machine's PostgreSQL binaries; undefined
 * when none are installed. As root the cluster runs as the `postgres` user, as PostgreSQL requires.
 */
export function startThrowawayPostgres(port = 55433): ThrowawayPostgres | undefined {
  const initdb = globSync('/usr/lib/postgresql/*/bin/initdb').sort().at(-1);
  if (!initdb) return undefined;
  const bin = path.dirname(initdb);
  const dir = mkdtempSync(path.join(tmpdir(), 'shop-pg-'));
  chmodSync(dir, 0o777);
  const asRoot = process.getuid?.() === 0;
  const run = (command: string, args: string[]) => {
    const quoted = [path.join(bin, command), ...args].map((part) => `'${part}'`).join(' ');
    if (asRoot) execFileSync('su', ['postgres', '-s', '/bin/sh', '-c', quoted], { stdio: 'ignore' });
    else execFileSync(path.join(bin, command), args, { stdio: 'ignore' });
  };
  const data = path.join(dir, 'data');
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres']);
  run('pg_ctl', [
    '-D',
    data,
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`,
    '-l',
    path.join(dir, 'log'),
    '-w',
    'start',
  ]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
