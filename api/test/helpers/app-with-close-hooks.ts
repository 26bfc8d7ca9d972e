import { vi } from 'vitest';

/** An app with a spy log that keeps its close hooks, to close it as Fastify would. */
export function appWithCloseHooks() {
  const closeHooks: (() => Promise<void>)[] = [];
  const log = { error: vi.fn(), info: vi.fn() };
  return {
    app: { log, addHook: (_name: 'onClose', hook: () => Promise<void>) => closeHooks.push(hook) },
    log,
    close: () => Promise.all(closeHooks.map((hook) => hook())),
  };
}
