import type { EventEmitter } from 'node:events';

/** The channel to a worker's primary is gone: a write to it failed because the primary has exited. */
function isClosedChannel(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code === 'EPIPE' || code === 'ERR_IPC_CHANNEL_CLOSED';
}

export interface StopWhenAsked {
  /** Closes the server: ends its connections and timers. */
  close(): Promise<void>;
  /** The process's signals (`process`). */
  signals: EventEmitter;
  /** This process's cluster worker (`cluster.worker`), when it is one. */
  worker?: EventEmitter & { exitedAfterDisconnect?: boolean };
  exit(code: number): void;
  log(line: string): void;
}

/**
 * Closes the server and exits, once, on SIGINT or SIGTERM, or when a worker finds its primary gone.
 * Stopping the shop signals the whole process group: the primary then disconnects its workers while
 * they are closing on their own signal, and a worker's last message to a primary that has already
 * exited fails (EPIPE). Unhandled, that failure ended the worker with a stack trace on every stop after
 * a load; it only means there is nobody left to serve for.
 */
export function stopWhenAsked({ close, signals, worker, exit, log }: StopWhenAsked): void {
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    // A close that fails still ends the process, or a stop would leave it hanging.
    void close().then(
      () => exit(0),
      (error: unknown) => {
        log(`closing failed: ${String(error)}`);
        exit(1);
      },
    );
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) signals.on(signal, stop);
  worker?.on('error', (error: unknown) => {
    if (!isClosedChannel(error)) throw error;
    // The primary's disconnect (a stop) may come before this worker's own signal: no news then.
    if (!stopping && !worker.exitedAfterDisconnect) log('the primary process is gone; stopping this worker');
    stop();
  });
}
