import type { Page } from '@playwright/test';

/**
 * Keeps, in the page itself, every layout shift from the first byte of the next load (a buffered observer
 * misses none); `layoutShiftTotal` then sums those not caused by input, as CLS counts them for one load.
 */
export async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { shopShifts: number[] }).shopShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
      })[])
        if (!entry.hadRecentInput) shifts.push(entry.value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

export function layoutShiftTotal(page: Page): Promise<number> {
  return page.evaluate(() =>
    (window as unknown as { shopShifts: number[] }).shopShifts.reduce((sum, value) => sum + value, 0),
  );
}
