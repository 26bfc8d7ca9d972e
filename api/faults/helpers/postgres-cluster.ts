import { execFileSync } from 'node:child_process';
import { chmodSync, globSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './ports.ts';

/** A PostgreSQL cluster of the test's own, which it may stop and start again under a running api. */
export interface PostgresCluster {
  url: string;
  stop(): void;
  start(): void;
  /** Stops it for good and removes its files. */
  remove(): void;
}

/** The newest installed PostgreSQL's bin directory, or undefined when PostgreSQL is not installed. */
export const postgresBin = () => {
  const initdb = globSync('/usr/lib/postgresql/*/bin/initdb').sort().at(-1);
  return initdb ? path.dirname(initdb) : undefined;
};

/**
 * initdb + pg_ctl on a free loopback port (as the postgres user when root, as PostgreSQL requires), the
 * way .ci/run makes its throwaway cluster.
 */
export async function createPostgresCluster(): Promise<PostgresCluster> {
  const bin = postgresBin();
  if (!bin) throw new Error('PostgreSQL is not installed (/usr/lib/postgresql/*/bin)');
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), 'shop-faults-pg-'));
  chmodSync(dir, 0o777);
  const data = path.join(dir, 'data');
  const log = path.join(dir, 'log');
  const run = (command: string, args: string[]) => {
    const quoted = [path.join(bin, command), ...args].map((part) => `'${part}'`).join(' ');
    try {
      if (process.getuid?.() === 0)
        execFileSync('su', ['postgres', '-s', '/bin/sh', '-c', quoted], { stdio: 'pipe' });
      else execFileSync(path.join(bin, command), args, { stdio: 'pipe' });
    } catch (error) {
      let tail = '';
      try {
        tail = readFileSync(log, 'utf8').split('\n').slice(-20).join('\n');
      } catch {
        // no log yet
      }
      throw new Error(`${command} failed: ${String(error)}\n${tail}`, { cause: error });
    }
  };
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`;
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres']);
  const start = () => run('pg_ctl', ['-D', data, '-o', options, '-l', log, '-w', 'start']);
  const stop = () => run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop,
    remove() {
      try {
        stop();
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
