import type { RemoteName } from '@shop/shared-contract';

interface Failure {
  remote: RemoteName;
  release: string;
  reason: string;
  fellBackTo: string;
  count: number;
}

/**
 * What the page server reports to the api's release counts (POST /releases/reports), as browsers do: each
 * page it served with the fall-back release because it could not render with the visitor's own (its server
 * entry refused or failing). Summed per release and sent every `everyMs`, so a busy server sends a few
 * reports a minute, not one a page.
 */
export function createServerReports(options: {
  apiUrl: string;
  everyMs: number;
  log: (line: string) => void;
}) {
  const pending = new Map<string, Failure>();
  let failedToSend = false;

  async function flush() {
    const failures = [...pending.values()];
    pending.clear();
    for (const { count, ...failure } of failures) {
      try {
        const response = await fetch(`${options.apiUrl}/releases/reports`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({
            ...failure,
            outcome: 'failed',
            reason: failure.reason.slice(0, 200),
            count,
          }),
          signal: AbortSignal.timeout(5000),
        });
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        failedToSend = false;
      } catch (error) {
        if (!failedToSend) options.log(`release reports could not be sent to the api: ${String(error)}`);
        failedToSend = true;
      }
    }
  }

  const timer = setInterval(() => void flush(), options.everyMs);
  timer.unref();
  return {
    fellBack(failure: Omit<Failure, 'count'>) {
      const key = `${failure.remote} ${failure.release} ${failure.fellBackTo}`;
      const known = pending.get(key);
      if (known) {
        known.count++;
        known.reason = failure.reason;
      } else pending.set(key, { ...failure, count: 1 });
    },
    stop() {
      clearInterval(timer);
      return flush();
    },
  };
}
