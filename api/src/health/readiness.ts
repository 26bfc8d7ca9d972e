import type { Readiness, ReadinessPart } from '@shop/shared-api/schemas';

/** One part the api needs: it answers (resolves) or it does not (rejects). */
export type ReadinessProbe = () => Promise<unknown>;

/** A part that is there but not ready yet, in the api's words (a probe's other errors read "unreachable"). */
export class NotReady extends Error {
  readonly reason: string;
  constructor(reason: string) {
    super(reason);
    this.reason = reason;
  }
}

export interface ReadinessResult extends Readiness {
  /** The failing parts with their reasons, for the 503's message and the log. */
  failing: { part: ReadinessPart; reason: string; error?: unknown }[];
}

/**
 * Asks every part at once and waits at most `boundMs` for each: a part that hangs (a database whose
 * packets are dropped, a bucket behind a dead route) counts as failing at the bound, so a balancer's
 * probe always gets its answer in time. The reason given is the api's own words; the part's error
 * (which may name hosts or users) goes only to the log.
 */
export async function checkReadiness(
  probes: Partial<Record<ReadinessPart, ReadinessProbe>>,
  boundMs: number,
): Promise<ReadinessResult> {
  const entries = Object.entries(probes) as [ReadinessPart, ReadinessProbe][];
  const results = await Promise.all(
    entries.map(async ([part, probe]) => {
      const started = performance.now();
      let timer: NodeJS.Timeout | undefined;
      const outcome = await Promise.race([
        Promise.resolve()
          .then(probe)
          .then(
            () => ({ ok: true as const }),
            (error: unknown) => ({
              ok: false as const,
              reason: error instanceof NotReady ? error.reason : 'unreachable',
              error,
            }),
          ),
        new Promise<{ ok: false; reason: string }>((resolve) => {
          timer = setTimeout(() => resolve({ ok: false, reason: `no answer within ${boundMs} ms` }), boundMs);
        }),
      ]);
      clearTimeout(timer);
      const ms = Math.round(performance.now() - started);
      return { part, ms, outcome };
    }),
  );
  const checks: Readiness['checks'] = {};
  const failing: ReadinessResult['failing'] = [];
  for (const { part, ms, outcome } of results) {
    if (outcome.ok) {
      checks[part] = { status: 'ok', ms };
    } else {
      checks[part] = { status: 'failing', ms, reason: outcome.reason };
      failing.push({ part, reason: outcome.reason, ...('error' in outcome ? { error: outcome.error } : {}) });
    }
  }
  return { status: failing.length ? 'unavailable' : 'ready', checks, failing };
}
