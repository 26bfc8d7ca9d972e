/** The same problem is said once per window, with how many times it happened meanwhile. */
const WINDOW_MS = 10_000;

/**
 * One line per problem met while answering an address: what the visitor got instead (`outcome`: "served
 * prerendered", "answered 503") and why. A failure that repeats (the api down, a broken release) is logged
 * once every 10 s with a count, not once per request.
 */
export function createThrottledLog(log: (line: string) => void, now = Date.now) {
  const seen = new Map<string, { at: number; repeats: number }>();
  return (url: URL, error: unknown, outcome: string) => {
    const reason = error instanceof Error ? error.message : String(error);
    const key = `${outcome}: ${reason}`;
    const entry = seen.get(key);
    const time = now();
    if (entry && time - entry.at < WINDOW_MS) {
      entry.repeats++;
      return;
    }
    const repeats = entry?.repeats ? ` (and ${entry.repeats} more since the last line)` : '';
    if (seen.size > 100) seen.clear();
    seen.set(key, { at: time, repeats: 0 });
    log(`${url.pathname}${url.search} ${key}${repeats}`);
  };
}

export type ThrottledLog = ReturnType<typeof createThrottledLog>;
