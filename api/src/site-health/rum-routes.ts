import type { FastifyRequest } from 'fastify';
import { lt, sql } from 'drizzle-orm';
import { rumReportSchema, siteHealthResponseSchema, successSchema } from '@shop/shared-api/schemas';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/client.ts';
import { rumErrors, rumViewHours, rumViews } from '../db/schema.ts';
import { refuseFormBody } from '../http/form-body.ts';
import type { ZodApp } from '../http/types.ts';
import { countViewInHour, pageVitals, windowStart } from './view-hours.ts';
import { rowsOf } from '../db/rows.ts';

const tag = 'site health';
const DAY_MS = 24 * 60 * 60 * 1000;
/** Reports older than this are deleted, a few at a time, as new ones arrive. */
const KEEP_MS = 8 * DAY_MS;
/** How many pages the card lists, busiest first. */
const PAGES_SHOWN = 20;

/** Anything in an error message that could name a person: emails, long numbers (cards, phones, ids). */
export function scrubMessage(message: string): string {
  return message
    .replace(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g, '<email>')
    .replace(/\b[0-9a-f]{24}\b/gi, ':id')
    .replace(/\d[\d -]{5,}\d/g, '<number>')
    .slice(0, 300);
}

/**
 * p75 of each vital per page (from the hourly roll-up) and errors by source over the last 24 hours,
 * summed by the database (api/test/site-health.test.ts times it at 100,000 reports).
 */
export async function siteHealthFigures(db: Db, now = new Date()) {
  const since = windowStart(now);
  const pages = await pageVitals(db, since, PAGES_SHOWN);
  const errors = rowsOf<{ source: string; release: string; count: number; last_message: string }>(
    await db.execute(sql`
      select source, release, count(*)::int as count,
        (array_agg(message order by created_at desc))[1] as last_message
      from rum_errors where created_at > ${since.toISOString()}::timestamptz
      group by source, release order by count desc, source, release limit 20`),
  );
  const round = (value: number | null, digits: number) =>
    value === null ? null : Number(Number(value).toFixed(digits));
  return {
    since: since.toISOString(),
    pages: pages.map((row) => ({
      page: row.page,
      views: row.views,
      lcpMs: round(row.lcp, 0),
      inpMs: round(row.inp, 0),
      cls: round(row.cls, 3),
    })),
    errors: errors.map((row) => ({
      source: row.source,
      release: row.release,
      count: row.count,
      lastMessage: row.last_message,
    })),
  };
}

/**
 * POST /rum, the browsers' beacon (public: no token, no cookie), and GET /admin/site-health, the card.
 * The beacon comes as text/plain (sendBeacon's simple request, no preflight): parsed as JSON here only,
 * in a scope of its own, so no other route starts accepting text/plain.
 */
export function registerRumRoutes(app: ZodApp, ctx: AppContext) {
  const { db, kit } = ctx;
  let received = 0;

  app.addContentTypeParser(
    'text/plain',
    { parseAs: 'string', bodyLimit: 8 * 1024 },
    (_request, body, done) => {
      try {
        done(null, JSON.parse(body as string));
      } catch {
        done(Object.assign(new Error('The report is not JSON'), { statusCode: 400 }));
      }
    },
  );

  app.post(
    '/rum',
    {
      ...kit.public({
        tag,
        summary: "A page view's web vitals and unhandled errors, sent by the shell as the page is hidden",
        description:
          'Sampled by the browser, rate-limited per address, no personal data: the page is a route pattern and error messages are scrubbed again here.',
        body: rumReportSchema,
        bodyLimit: 8 * 1024,
        // Per client address (RUM_RATE_LIMIT, 30): a page view sends one beacon, an error storm a few more.
        rateLimit: ctx.config.rumRateLimit,
        response: { 202: successSchema },
      }),
      // The kit refuses text/plain on JSON routes so that another site's form cannot post to them; this
      // one reads no token and no cookie and changes nothing but the figures, so a beacon is welcome.
      // Any other form is refused as on every JSON route.
      preValidation: async (request: FastifyRequest) => {
        const type = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
        if (type === 'text/plain') request.uploads = [];
        else await refuseFormBody(request);
      },
    },
    async (request, reply) => {
      const { page, vitals, errors } = request.body;
      const value = (name: string) => vitals.find((vital) => vital.name === name)?.value ?? null;
      if (vitals.length) {
        // Each view as measured (for a query of one's own), and counted in its hour for the card.
        await db.insert(rumViews).values({
          page,
          lcpMs: value('LCP'),
          inpMs: value('INP'),
          cls: value('CLS'),
          ttfbMs: value('TTFB'),
        });
        await countViewInHour(db, page, { lcp: value('LCP'), inp: value('INP'), cls: value('CLS') });
      }
      if (errors.length)
        await db
          .insert(rumErrors)
          .values(errors.map((error) => ({ page, ...error, message: scrubMessage(error.message) })));
      // Now and then, the reports past their keeping time go.
      if (++received % 500 === 1) {
        const before = new Date(Date.now() - KEEP_MS);
        await db.delete(rumViews).where(lt(rumViews.createdAt, before));
        await db.delete(rumViewHours).where(lt(rumViewHours.hour, before));
        await db.delete(rumErrors).where(lt(rumErrors.createdAt, before));
      }
      return reply.code(202).send({ success: true as const });
    },
  );
}

export function registerSiteHealthRoutes(admin: ZodApp, ctx: AppContext) {
  admin.get(
    '/site-health',
    ctx.kit.admin({
      tag,
      summary: 'p75 LCP, INP and CLS per page, and unhandled errors by source, over the last 24 hours',
      response: { 200: siteHealthResponseSchema },
    }),
    async () => ({ success: true as const, ...(await siteHealthFigures(ctx.db)) }),
  );
}
