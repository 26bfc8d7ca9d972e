// Made on first use, not when the module is evaluated: the first Intl formatter of a page loads its locale
// data, ~40 ms at 4x CPU inside the task that evaluates the shared code (docs/performance.md, round 5).
let rupees: Intl.NumberFormat | undefined;

/** Prices are shown in rupees with the Indian digit grouping: ₹1,23,456.00. */
export function formatRupees(amount: number): string {
  rupees ??= new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });
  return rupees.format(amount);
}
