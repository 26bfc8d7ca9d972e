/**
 * The product's rule (docs/product.md, orders): an order is paid (PAID) when its payment status is
 * 'succeeded', and only then. The api invoices and refunds by it; the design system's badge shows it.
 */
export function isPaid(paymentStatus: string): boolean {
  return paymentStatus === 'succeeded';
}
