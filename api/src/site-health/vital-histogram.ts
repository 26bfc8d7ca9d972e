/**
 * The fixed buckets the hourly roll-up counts web vitals in (issue 26: the Site health card at 100,000
 * reports). A p75 cannot be summed from p75s, but counts per bucket can: each hour keeps one count per
 * bucket, the card adds 24 hours of them and reads the bucket holding the 75th percent.
 *
 * Buckets grow by 10% from a floor, so a p75 read back as the bucket's geometric middle is within 5% of
 * the exact one, at any scale (8 ms or 8 s): what Prometheus' and CrUX's histograms do for the same reason.
 * Bucket 1 holds everything under the floor (read back as 0 for CLS, whose commonest value is 0).
 */
interface Scale {
  /** The smallest value told apart from zero. */
  floor: number;
  /** Values at or over this share the last bucket. */
  ceiling: number;
}

const GROWTH = 1.1;
const SCALES = {
  lcp: { floor: 10, ceiling: 60_000 },
  inp: { floor: 10, ceiling: 60_000 },
  cls: { floor: 0.001, ceiling: 1 },
} satisfies Record<string, Scale>;
export type HistogramVital = keyof typeof SCALES;
export const HISTOGRAM_VITALS = Object.keys(SCALES) as HistogramVital[];

/** How many buckets a vital's histogram has (PostgreSQL arrays count from 1, and so do buckets). */
export function bucketCount(vital: HistogramVital): number {
  const { floor, ceiling } = SCALES[vital];
  return 2 + Math.ceil(Math.log(ceiling / floor) / Math.log(GROWTH));
}

/** The bucket (1-based) a measured value is counted in. */
export function bucketOf(vital: HistogramVital, value: number): number {
  const { floor } = SCALES[vital];
  if (!(value >= floor)) return 1;
  return Math.min(bucketCount(vital), 2 + Math.floor(Math.log(value / floor) / Math.log(GROWTH)));
}

/** The value a bucket stands for: the geometric middle of its bounds (0 below the floor). */
export function bucketValue(vital: HistogramVital, bucket: number): number {
  if (bucket <= 1) return 0;
  return SCALES[vital].floor * GROWTH ** (bucket - 2 + 0.5);
}

/** The 75th percentile of counts per bucket, or null when nothing was counted. */
export function p75(vital: HistogramVital, counts: readonly number[]): number | null {
  const total = counts.reduce((sum, count) => sum + count, 0);
  if (total === 0) return null;
  let seen = 0;
  for (const [index, count] of counts.entries()) {
    seen += count;
    if (seen >= 0.75 * total) return bucketValue(vital, index + 1);
  }
  return bucketValue(vital, counts.length);
}
