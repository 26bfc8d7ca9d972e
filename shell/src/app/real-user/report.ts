import { sendRumReport, type RumReport } from '@shop/shared-api';
import { onCLS, onINP, onLCP, onTTFB, type Metric } from 'web-vitals';

type ReportedError = NonNullable<RumReport['errors']>[number];
type ReportedVital = NonNullable<RumReport['vitals']>[number]['name'];
const MAX_ERRORS = 10;

/** Segments kept as they are: route words. Anything else (ids, tokens, search words) becomes `:param`. */
const ROUTE_WORD = /^[a-z][a-z-]{0,23}$/;
/** Routes whose next segment is what a shopper typed or was sent (a search, a reset token). */
const FREE_TEXT_AFTER = new Set(['products', 'reset']);

/** `/product/66a1…` → `/product/:param`; no id, search word, query or hash ever leaves the browser. */
export function routePattern(pathname: string): string {
  const segments = pathname.split('/').filter(Boolean);
  const pattern = segments.map((segment, index) =>
    ROUTE_WORD.test(segment) && !FREE_TEXT_AFTER.has(segments[index - 1] ?? '') ? segment : ':param',
  );
  return `/${pattern.join('/')}`.slice(0, 100);
}

/**
 * Which code an error came from, by the address of the script in its stack: a remote's (under the folder
 * of its manifest), the shell's (this origin), or unknown; its release is that script's file name, which
 * carries the build's hash (remoteEntry-3f9a1c2b, index-BfG2x1).
 */
export function sourceOf(
  stack: string,
  remotes: Record<string, string>,
  origin: string,
): Pick<ReportedError, 'source' | 'release'> {
  const urls = stack.match(/https?:\/\/[^\s)'"]+/g) ?? [];
  for (const raw of urls) {
    const url = raw.replace(/:\d+(:\d+)?$/, '');
    // A released remote's files are under releases/<id>/ (release-tool/); else the file's hashed name.
    const release = (/\/releases\/([^/]+)\//.exec(url)?.[1] ?? url.split('/').pop() ?? '')
      .replace(/\.m?js$/, '')
      .replace(/[^\w.-]/g, '')
      .slice(0, 80);
    for (const [name, manifest] of Object.entries(remotes)) {
      if (name !== 'storefront' && name !== 'admin') continue;
      if (url.startsWith(new URL('.', manifest).href)) return { source: name, release };
    }
    if (url.startsWith(origin)) return { source: 'shell', release };
  }
  return { source: 'unknown', release: '' };
}

const messageOf = (value: unknown) =>
  (value instanceof Error ? `${value.name}: ${value.message}` : String(value)).slice(0, 300) || 'Error';

/**
 * Collects the landing page's web vitals and every unhandled error, and sends them with
 * navigator.sendBeacon when the page is hidden (tab switched, closed, navigated away): one beacon per
 * hiding, nothing while the shopper is using the page. The page is the landing address's route pattern.
 */
export function startReporting(remotes: Record<string, string>): void {
  const page = routePattern(window.location.pathname);
  const vitals = new Map<ReportedVital, number>();
  let errors: ReportedError[] = [];
  let sentVitals = false;

  const keep = (metric: Metric) => {
    if (metric.name === 'LCP' || metric.name === 'INP' || metric.name === 'CLS' || metric.name === 'TTFB')
      vitals.set(metric.name, Math.max(0, metric.value));
  };
  onLCP(keep);
  onINP(keep);
  onCLS(keep);
  onTTFB(keep);

  const addError = (value: unknown, stack: string) => {
    if (errors.length >= MAX_ERRORS) return;
    errors.push({ ...sourceOf(stack, remotes, window.location.origin), message: messageOf(value) });
  };
  window.addEventListener('error', (event) => {
    const error: unknown = event.error;
    addError(
      error ?? event.message,
      `${error instanceof Error ? (error.stack ?? '') : ''} ${event.filename ?? ''}`,
    );
  });
  window.addEventListener('unhandledrejection', (event) => {
    const reason: unknown = event.reason;
    addError(reason, reason instanceof Error ? (reason.stack ?? '') : '');
  });

  const flush = () => {
    const withVitals = !sentVitals && vitals.size > 0;
    if (!withVitals && errors.length === 0) return;
    const sent = sendRumReport({
      page,
      vitals: withVitals ? [...vitals].map(([name, value]) => ({ name, value })) : [],
      errors,
    });
    if (sent) {
      if (withVitals) sentVitals = true;
      errors = [];
    }
  };
  // web-vitals reports its final figures on the same event, from listeners added before this one; the
  // microtask lets any that run later land first.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') queueMicrotask(flush);
  });
  window.addEventListener('pagehide', () => flush());
}
