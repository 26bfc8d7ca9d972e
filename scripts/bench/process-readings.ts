import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

// What /proc says of the bench's own shop: its page server's and api's processes, their memory and CPU time.

/** The processes running `script` with `envEntry` in their environment (the bench's shop, not another). */
function processesOf(script: string, envEntry: string): string[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        return (
          readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(script) &&
          readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').includes(envEntry)
        );
      } catch {
        return false; // a process that ended meanwhile
      }
    });
}

export const pageServerProcesses = (port: number) =>
  processesOf('page-server/src/main.ts', `SHELL_PORT=${port}`);
export const apiProcesses = (port: number) => processesOf('api/src/server.ts', `API_PORT=${port}`);

/** The resident memory of the page server serving `port` (all its processes), from /proc. */
function pageServerRssMb(port: number): number {
  let total = 0;
  for (const pid of pageServerProcesses(port)) {
    try {
      const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
      total += Number(rss) / 1024;
    } catch {
      // a process that ended meanwhile
    }
  }
  if (!total) throw new Error(`no page server serves port ${port}`);
  return total;
}

// Asked when a figure needs it: every mode of the bench imports this file, and most never read the CPU.
let clockTicksPerSecond: number | undefined;
const clockTicks = () =>
  (clockTicksPerSecond ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' })));

/** The CPU time `pids` have used so far, in ms (user + system, threads included), from /proc. */
export function cpuMsOf(pids: readonly string[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      // The fields after the command's closing parenthesis; utime and stime are the 12th and 13th.
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // a process that ended meanwhile
    }
  }
  return (ticks * 1000) / clockTicks();
}

/**
 * The page server's RSS once it has settled: sampled each second until two samples are within 2 MB (at
 * most 20 s). Straight after a load, RSS still holds the garbage of the last requests, which V8 collects
 * once the allocations stop; what is left then is what the server keeps.
 */
export async function settledRssMb(port: number): Promise<number> {
  let last = pageServerRssMb(port);
  for (let second = 0; second < 20; second++) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const now = pageServerRssMb(port);
    if (Math.abs(now - last) < 2) return now;
    last = now;
  }
  return last;
}
