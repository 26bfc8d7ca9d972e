import type { ChildProcess } from 'node:child_process';

/** The value after `--name` on the command line. */
export function argument(name: string) {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

/** Waits until the api a bench started answers /health, failing when it exits or takes longer than `timeoutMs`. */
export async function waitForHealth(base: string, child: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/api/v1/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server did not become healthy within ${timeoutMs / 1000} s`);
}

/** Stops an api a bench started, and waits for it to exit. */
export async function stopServerProcess(child: ChildProcess) {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
}
