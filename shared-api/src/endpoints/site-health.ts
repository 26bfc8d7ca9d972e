import type { RumReport, siteHealthResponseSchema, SiteHealthResponse } from '../schemas/index.ts';
import { apiUrl } from '../client/api-client.ts';
import { call, type Answer } from '../client/call.ts';
import { FALLBACK_MESSAGES } from '../errors.ts';

/** GET /admin/site-health: p75 web vitals per page and errors by source over the last 24 hours. */
export async function getSiteHealth(): Promise<Omit<SiteHealthResponse, 'success'>> {
  const { since, pages, errors } = await call<Answer<typeof siteHealthResponseSchema>>(
    FALLBACK_MESSAGES.getSiteHealth,
    (api) => api.get('admin/site-health').json(),
  );
  return { since, pages, errors };
}

/**
 * POST /rum as the page is hidden: `navigator.sendBeacon`, which outlives the page, as text/plain (a
 * simple request: no preflight, no token, no cookie). False when the browser would not queue it.
 */
export function sendRumReport(report: RumReport): boolean {
  if (typeof navigator === 'undefined' || !navigator.sendBeacon) return false;
  return navigator.sendBeacon(apiUrl('rum'), new Blob([JSON.stringify(report)], { type: 'text/plain' }));
}
