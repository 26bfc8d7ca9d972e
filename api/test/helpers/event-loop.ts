/**
 * Runs `work` while a 5 ms timer watches this thread: how long the work took, and the longest the timer
 * was held (a stall of the event loop shows as a gap between two ticks, up to the first tick after it).
 */
export async function longestTimerGap<T>(work: () => Promise<T>) {
  let longestGapMs = 0;
  let last = performance.now();
  const ticker = setInterval(() => {
    const now = performance.now();
    longestGapMs = Math.max(longestGapMs, now - last);
    last = now;
  }, 5);
  const started = performance.now();
  try {
    const result = await work();
    const workMs = performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 20));
    return { result, workMs, longestGapMs };
  } finally {
    clearInterval(ticker);
  }
}

/**
 * The most the timers' longest gap may be while work runs in another thread: `boundMs`, or a quarter of
 * the work when the machine is busy (other test files share its two cores). The same work in this thread
 * holds them for nearly all of it, so either bound tells the two apart.
 */
export const mostGapWhileWorkRunsElsewhere = (workMs: number, boundMs: number) =>
  Math.max(boundMs, workMs / 4);
