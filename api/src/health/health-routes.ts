import { sql } from 'drizzle-orm';
import { healthSchema, notReadySchema, readinessSchema, type ReadinessPart } from '@shop/shared-api/schemas';
import type { Db } from '../db/client.ts';
import type { RouteKit } from '../http/route-kit.ts';
import type { ZodApp } from '../http/types.ts';
import { checkReadiness, NotReady, type ReadinessProbe } from './readiness.ts';

export interface HealthRouteDeps {
  db: Db;
  kit: RouteKit;
  /** The parts this instance uses besides the database: Redis only with REDIS_URL. */
  probes: Partial<Record<Exclude<ReadinessPart, 'database'>, ReadinessProbe>>;
  /** How long each part may take to answer before the instance counts as not ready. */
  boundMs: number;
}

const tag = 'health';

/**
 * Liveness and readiness, as a load balancer or Kubernetes asks them. `live` says only that the process
 * answers (a failing live probe restarts it, so it must not depend on the database: an outage there would
 * restart every instance for nothing). `ready` asks the database, Redis, the image store and the catalog
 * index (loaded once: catalog-readiness.ts), each within the bound, and answers 503 naming what is failing,
 * so the balancer sends shoppers elsewhere meanwhile.
 */
export function registerHealthRoutes(app: ZodApp, { db, kit, probes, boundMs }: HealthRouteDeps) {
  const alive = async () => ({ status: 'ok' as const });
  app.get(
    '/health',
    kit.public({
      tag,
      summary: 'The process answers (kept for existing probes; the same as /health/live)',
      response: { 200: healthSchema },
    }),
    alive,
  );
  app.get(
    '/health/live',
    kit.public({
      tag,
      summary: 'Liveness: the process answers; touches nothing else',
      response: { 200: healthSchema },
    }),
    alive,
  );
  app.get(
    '/health/ready',
    kit.public({
      tag,
      summary:
        'Readiness: the database, Redis (with REDIS_URL) and the image store answer in time, and the catalog index has loaded once',
      description: `Each part is given ${boundMs} ms (READY_TIMEOUT_MS). 503 names the failing parts.`,
      response: { 200: readinessSchema, 503: notReadySchema },
    }),
    async (request, reply) => {
      const result = await checkReadiness({ database: () => db.execute(sql`select 1`), ...probes }, boundMs);
      const { status, checks } = result;
      if (!result.failing.length) return { status, checks };
      for (const { part, reason, error } of result.failing) {
        // A part still starting (the catalog loading) is expected; a failing one is the operator's.
        const level = error instanceof NotReady ? 'info' : 'warn';
        request.log[level]({ err: error, part }, `not ready: ${part} ${reason}`);
      }
      reply.header('retry-after', '5');
      return reply.status(503).send({
        success: false as const,
        message: `Not ready: ${result.failing.map(({ part, reason }) => `${part} ${reason}`).join('; ')}`,
        status,
        checks,
      });
    },
  );
}
