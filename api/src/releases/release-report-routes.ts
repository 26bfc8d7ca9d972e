import {
  releaseHealthQuerySchema,
  releaseHealthResponseSchema,
  releaseReportSchema,
  successSchema,
} from '@shop/shared-api/schemas';
import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { releaseLoads } from '../db/schema.ts';
import type { ZodApp } from '../http/types.ts';

const tag = 'releases';

/** The minute a report counts in. */
const minuteOf = (time: Date) => new Date(Math.floor(time.getTime() / 60_000) * 60_000);

/**
 * Pages report how loading each remote's release went; the api counts them per release and minute, and
 * answers the counts of the last hour: the release tool rolls back a canary that fails too often, the
 * admin's Releases screen shows them (docs/federation.md, "Releases").
 */
export function registerReleaseReportRoutes(app: ZodApp, ctx: AppContext) {
  const { db, kit } = ctx;

  app.post(
    '/releases/reports',
    kit.public({
      tag,
      summary: "A page's load of a remote release: loaded, or failed (and what it fell back to)",
      body: releaseReportSchema,
      response: { 200: successSchema },
      // A page sends one per remote it loads: the default (60) leaves room for a shopper's reloads.
      rateLimit: ctx.config.releaseReportRateLimit,
    }),
    async (request) => {
      const { remote, release, outcome, reason, fellBackTo, count = 1 } = request.body;
      const failed = outcome === 'failed' ? count : 0;
      const fellBack = failed && fellBackTo ? count : 0;
      await db
        .insert(releaseLoads)
        .values({
          remote,
          release,
          minute: minuteOf(new Date()),
          loads: count,
          failures: failed,
          fellBack,
          lastReason: failed ? (reason ?? null) : null,
        })
        .onConflictDoUpdate({
          target: [releaseLoads.remote, releaseLoads.release, releaseLoads.minute],
          set: {
            loads: sql`${releaseLoads.loads} + ${count}`,
            failures: sql`${releaseLoads.failures} + ${failed}`,
            fellBack: sql`${releaseLoads.fellBack} + ${fellBack}`,
            ...(failed ? { lastReason: reason ?? null } : {}),
          },
        });
      return { success: true as const };
    },
  );

  app.get(
    '/releases/health',
    kit.public({
      tag,
      summary:
        'Each release of a remote that pages loaded in the last minutes (60): loads, failures, fall-backs',
      querystring: releaseHealthQuerySchema,
      response: { 200: releaseHealthResponseSchema },
    }),
    async (request) => {
      const { remote, minutes = 60 } = request.query;
      const since = new Date(Date.now() - minutes * 60_000);
      const rows = await db
        .select({
          release: releaseLoads.release,
          loads: sql<number>`sum(${releaseLoads.loads})::int`,
          failures: sql<number>`sum(${releaseLoads.failures})::int`,
          fellBack: sql<number>`sum(${releaseLoads.fellBack})::int`,
          lastMinute: sql<Date>`max(${releaseLoads.minute})`,
        })
        .from(releaseLoads)
        .where(and(eq(releaseLoads.remote, remote), gte(releaseLoads.minute, minuteOf(since))))
        .groupBy(releaseLoads.release)
        .orderBy(desc(sql`max(${releaseLoads.minute})`));
      const reasons = await db
        .selectDistinctOn([releaseLoads.release], {
          release: releaseLoads.release,
          reason: releaseLoads.lastReason,
        })
        .from(releaseLoads)
        .where(
          and(
            eq(releaseLoads.remote, remote),
            gte(releaseLoads.minute, minuteOf(since)),
            sql`${releaseLoads.lastReason} is not null`,
          ),
        )
        .orderBy(releaseLoads.release, desc(releaseLoads.minute));
      const reasonOf = new Map(reasons.map((row) => [row.release, row.reason]));
      return {
        success: true as const,
        remote,
        minutes,
        releases: rows.map(({ release, loads, failures, fellBack }) => ({
          release,
          loads: Number(loads),
          failures: Number(failures),
          fellBack: Number(fellBack),
          lastReason: reasonOf.get(release) ?? null,
        })),
      };
    },
  );
}
