// Made on first use, not when the module is evaluated: the first Intl formatter of a page loads its locale
// data, ~40 ms at 4x CPU inside the task that evaluates the shared code (docs/performance.md, round 5).
let rupees: Intl.NumberFormat | undefined;

/** The rupee format's arguments, exported so the start-up worker (warm-up.ts) prepares exactly this one. */
export const RUPEE_FORMAT = ['en-IN', { style: 'currency', currency: 'INR' }] as const;

/** Prices are shown in rupees with the Indian digit grouping: ₹1,23,456.00. */
export function formatRupees(amount: number): string {
  rupees ??= new Intl.NumberFormat(...RUPEE_FORMAT);
  return rupees.format(amount);
}
