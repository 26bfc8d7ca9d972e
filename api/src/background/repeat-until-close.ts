import type { FastifyBaseLogger } from 'fastify';

/** What background work needs of the app: its log, and a hook to stop when it closes. */
export type BackgroundHost = {
  log: FastifyBaseLogger;
  addHook(hook: 'onClose', run: () => Promise<void>): unknown;
};

/** What a repeated round needs: where to log its failures, and the hook that stops it. */
export type RoundHost = Pick<BackgroundHost, 'addHook'> & { log: Pick<FastifyBaseLogger, 'error'> };

/**
 * Runs `work` every `ms` on this instance until the app closes. A round still running when the next is due
 * is not doubled: a slow database then gets one round at a time, not a queue of them. A failed round is
 * logged with `failure` and the work is tried again at the next. The timer never keeps the process alive.
 */
export function repeatUntilClose(
  app: RoundHost,
  ms: number,
  failure: string,
  work: () => Promise<unknown>,
): void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    work()
      .catch((error: unknown) => app.log.error({ err: error }, failure))
      .finally(() => (running = false));
  }, ms);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
