import type { LiveReleases } from '@shop/shared-contract';
import type { ReleaseHealth } from '@shop/shared-api';

/** One row of a remote's releases: its part in what is live, and its last hour of loads. */
export interface ReleaseRow {
  id: string;
  role: 'Canary' | 'Live' | 'Fall-back';
  /** Percent of browsers it is live for; 0 for the fall-back. */
  share: number;
  loads: number;
  failures: number;
  fellBack: number;
  lastReason: string | null;
}

/** The live releases (the canary first) and the one browsers fall back to, each with its counts. */
export function releaseRows(live: LiveReleases, health: readonly ReleaseHealth[]): ReleaseRow[] {
  const countsOf = (id: string) => {
    const counts = health.find((entry) => entry.release === id);
    return {
      loads: counts?.loads ?? 0,
      failures: counts?.failures ?? 0,
      fellBack: counts?.fellBack ?? 0,
      lastReason: counts?.lastReason ?? null,
    };
  };
  const rows: ReleaseRow[] = live.live.map((release, index) => ({
    id: release.id,
    role: live.live.length > 1 && index === 0 ? 'Canary' : 'Live',
    share: release.share,
    ...countsOf(release.id),
  }));
  if (live.previous && !rows.some((row) => row.id === live.previous!.id))
    rows.push({ id: live.previous.id, role: 'Fall-back', share: 0, ...countsOf(live.previous.id) });
  return rows;
}

/** '2.4%', or '–' before any load. */
export const failureRate = (row: Pick<ReleaseRow, 'loads' | 'failures'>) =>
  row.loads ? `${((row.failures / row.loads) * 100).toFixed(1)}%` : '–';
