const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });

/** Prices are shown in rupees with the Indian digit grouping: ₹1,23,456.00. */
export function formatRupees(amount: number): string {
  return rupees.format(amount);
}
