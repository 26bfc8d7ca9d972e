import type { OrderRow } from '../db/schema.ts';
import type { Mail } from './mailer.ts';

const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });
/** Paise as the shop shows money: ₹1,23,456.00. */
export const formatRupees = (paise: number) => rupees.format(paise / 100);

/** The single-use link that sets a new password (the shell's /password/reset/:token page). */
export function passwordResetMail(shopUrl: string, email: string, token: string): Mail {
  const link = `${shopUrl}/password/reset/${token}`;
  return {
    to: email,
    subject: 'Reset your password',
    text: [
      'Someone asked to reset the password of your shop account.',
      '',
      `Set a new password here: ${link}`,
      '',
      'The link works once. If it was not you, ignore this mail: your password stays as it is.',
    ].join('\n'),
    logLine: `Password reset link for ${email}: ${link}`,
  };
}

/** What the shopper bought, line by line, and what they paid. */
export function orderConfirmationMail(shopUrl: string, email: string, order: OrderRow): Mail {
  const lines = order.orderItems.map(
    (item) =>
      `${item.name} × ${item.quantity} at ${formatRupees(item.pricePaise)} = ${formatRupees(item.pricePaise * item.quantity)}`,
  );
  const total = formatRupees(order.totalPaise);
  return {
    to: email,
    subject: `Order ${order.id} confirmed`,
    text: [
      `Thank you for your order ${order.id}.`,
      '',
      ...lines,
      '',
      `Items: ${formatRupees(order.itemsPaise)}`,
      `Tax: ${formatRupees(order.taxPaise)}`,
      `Shipping: ${formatRupees(order.shippingPaise)}`,
      `Total: ${total}`,
      '',
      `Follow it at ${shopUrl}/order/${order.id}`,
    ].join('\n'),
    logLine: `Order confirmation for ${email}: order ${order.id}, ${order.orderItems.length} line(s), total ${total}`,
  };
}
