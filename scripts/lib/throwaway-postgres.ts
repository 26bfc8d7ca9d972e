import { execFileSync } from 'node:child_process';
import { chmodSync, globSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface ThrowawayPostgres {
  url: string;
  /** Starts it again after `stop()` (fault tests restart it under a running api). */
  start(): void;
  /** Stops the server, keeping its files. */
  stop(): void;
  /** Stops it for good and removes its files. */
  remove(): void;
  /**
   * A streaming read replica of it (`pg_basebackup -R`: a hot standby that replays its WAL as it comes) on
   * `port`, removed with it.
   */
  startReplica(port: number): { url: string; start(): void; stop(): void };
}

/**
 * A PostgreSQL cluster made for one run (benchmarks, fault tests), from the machine's PostgreSQL
 * binaries, the way .ci/run makes its own; undefined when none are installed. As root the cluster runs as
 * the `postgres` user, as PostgreSQL requires.
 */
export function startThrowawayPostgres(port = 55433): ThrowawayPostgres | undefined {
  const initdb = globSync('/usr/lib/postgresql/*/bin/initdb').sort().at(-1);
  if (!initdb) return undefined;
  const bin = path.dirname(initdb);
  const dir = mkdtempSync(path.join(tmpdir(), 'shop-pg-'));
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
  const start = () => run('pg_ctl', ['-D', data, '-o', options, '-l', log, '-w', 'start']);
  const stop = () => run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres']);
  start();
  const replicas: (() => void)[] = [];
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop,
    remove() {
      for (const stopReplica of replicas) {
        try {
          stopReplica();
        } catch {
          // already stopped
        }
      }
      try {
        stop();
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
    startReplica(replicaPort) {
      const replicaData = path.join(dir, `replica-${replicaPort}`);
      // initdb's trust rules let local replication connections in; -R writes the standby's settings.
      run('pg_basebackup', [
        '-D',
        replicaData,
        '-d',
        `host=127.0.0.1 port=${port} user=postgres`,
        '-R',
        '-X',
        'stream',
      ]);
      const replicaOptions = `-p ${replicaPort} -k ${dir} -c listen_addresses=127.0.0.1`;
      const startReplica = () =>
        run('pg_ctl', [
          '-D',
          replicaData,
          '-o',
          replicaOptions,
          '-l',
          `${log}-${replicaPort}`,
          '-w',
          'start',
        ]);
      const stopReplica = () => run('pg_ctl', ['-D', replicaData, '-m', 'fast', '-w', 'stop']);
      startReplica();
      replicas.push(stopReplica);
      return {
        url: `postgres://postgres@127.0.0.1:${replicaPort}/postgres`,
        start: startReplica,
        stop: stopReplica,
      };
    },
  };
}
