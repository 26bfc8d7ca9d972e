import { z } from 'zod';

/**
 * Real-user figures (issue 26): what a browser reports after its page is hidden, and the admin's "Site
 * health" card. No personal data: a page is its route's pattern (`/product/:id`, never an id, a query or a
 * search), an error is its message with anything like an email or a long number taken out, and nothing
 * names the shopper or the session. Remote load failures are the release reports' (issue 24), not these.
 */
export const WEB_VITALS = ['LCP', 'INP', 'CLS', 'TTFB'] as const;
export type WebVitalName = (typeof WEB_VITALS)[number];
/** Where an error's code came from: the shell, or one of the remotes. */
export const ERROR_SOURCES = ['shell', 'storefront', 'admin', 'unknown'] as const;

const page = z
  .string()
  .min(1)
  .max(100)
  .regex(/^\/[\w\-/:.]*$/, 'page must be a route pattern such as /product/:id');
const release = z
  .string()
  .max(80)
  .regex(/^[\w\-.]*$/, 'release must be a build name');

export const rumReportSchema = z.object({
  page,
  vitals: z
    .array(
      z.object({
        name: z.enum(WEB_VITALS),
        // Milliseconds (CLS: a unitless score); bounded so one wild figure cannot skew the sums.
        value: z.number().min(0).max(600_000),
      }),
    )
    .max(8)
    .default([]),
  errors: z
    .array(
      z.object({
        source: z.enum(ERROR_SOURCES),
        release,
        message: z.string().min(1).max(300),
      }),
    )
    .max(10)
    .default([]),
});
export type RumReport = z.input<typeof rumReportSchema>;

export const siteHealthResponseSchema = z.object({
  success: z.literal(true),
  /** The window the figures cover: the last 24 hours. */
  since: z.string(),
  /** p75 of LCP, INP and CLS per page (null: no sample of that vital), busiest pages first; TTFB is kept
   * in the rows for a query of one's own, not summed here. */
  pages: z.array(
    z.object({
      page: z.string(),
      views: z.number().int(),
      lcpMs: z.number().nullable(),
      inpMs: z.number().nullable(),
      cls: z.number().nullable(),
    }),
  ),
  /** Unhandled errors by where their code came from, and the release of it. */
  errors: z.array(
    z.object({ source: z.string(), release: z.string(), count: z.number().int(), lastMessage: z.string() }),
  ),
});
export type SiteHealthResponse = z.infer<typeof siteHealthResponseSchema>;
