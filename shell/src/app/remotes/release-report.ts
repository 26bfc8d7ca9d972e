import type { RemoteName } from '@shop/shared-contract';

/** How loading one remote's release went on this page (api: POST /releases/reports). */
export interface ReleaseLoadReport {
  remote: RemoteName;
  release: string;
  outcome: 'loaded' | 'failed';
  reason?: string;
  fellBackTo?: string;
}

/**
 * Sends the report to the api: `keepalive` lets it leave even as the shopper moves on, no cookies go with
 * it, and a failure to send costs only the counts. Nothing in it is about the shopper: the remote, the
 * release, what happened.
 */
export function reportReleaseLoad(apiBaseUrl: string, report: ReleaseLoadReport): void {
  fetch(`${apiBaseUrl}/releases/reports`, {
    method: 'POST',
    keepalive: true,
    credentials: 'omit',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...report, reason: report.reason?.slice(0, 200) }),
  }).catch(() => {});
}
