/**
 * The nearest-rank percentile of `values` (`p` from 0 to 100): the smallest of them with at least p% of all
 * at or below it. NaN when there are none. Every bench reports its tails with this one definition.
 */
export function percentile(values: readonly number[], p: number): number {
  if (!values.length) return NaN;
  const sorted = values.toSorted((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** The middle of `values` once sorted (the upper one of the two middles for an even count). */
export const median = (values: readonly number[]) =>
  values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)]!;
