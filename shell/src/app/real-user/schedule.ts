/**
 * Real-user figures (issue 26): on a sampled share of page views, once the page has loaded and the
 * browser is idle, the reporter (./report.ts, with web-vitals) is downloaded and started. Nothing of it is
 * on the first load's critical path: this file is the only part in the shell's entry (a few hundred bytes),
 * and an unsampled view downloads nothing at all.
 */

/** The share of page views that report: enough for p75s on a busy shop, a small load on the api. */
export const REPORT_SAMPLE_RATE = 0.1;

export function scheduleRealUserFigures(
  remotes: Record<string, string>,
  sampleRate = REPORT_SAMPLE_RATE,
): void {
  if (typeof window === 'undefined' || Math.random() >= sampleRate) return;
  const start = () => {
    const idle = window.requestIdleCallback ?? ((callback: () => void) => setTimeout(callback, 1));
    idle(() => {
      void import('./report.ts').then(
        (reporter) => reporter.startReporting(remotes),
        () => {}, // figures are never worth an error of their own
      );
    });
  };
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}
