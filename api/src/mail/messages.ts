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

const refundSentence = (paise: number, pending: boolean) =>
  pending
    ? `${formatRupees(paise)} will be refunded to the way you paid; the payment service is confirming it.`
    : `${formatRupees(paise)} has been refunded to the way you paid.`;

/** The order is cancelled; the refund, if anything was paid. */
export function orderCancelledMail(
  shopUrl: string,
  email: string,
  order: OrderRow,
  refund: { amountPaise: number; pending: boolean } | null,
): Mail {
  return {
    to: email,
    subject: `Order ${order.id} cancelled`,
    text: [
      `Your order ${order.id} has been cancelled.`,
      '',
      refund
        ? refundSentence(refund.amountPaise, refund.pending)
        : 'Nothing was paid for it, so nothing is refunded.',
      '',
      `See it at ${shopUrl}/order/${order.id}`,
    ].join('\n'),
    logLine: `Order cancelled for ${email}: order ${order.id}, refund ${refund ? formatRupees(refund.amountPaise) : 'none'}`,
  };
}

/** Lines of the order refunded (or returned and refunded). */
export function orderRefundedMail(
  shopUrl: string,
  email: string,
  order: OrderRow,
  refund: {
    amountPaise: number;
    pending: boolean;
    lines: { name: string; quantity: number }[];
    returned: boolean;
  },
): Mail {
  return {
    to: email,
    subject: `Refund for order ${order.id}`,
    text: [
      refund.returned
        ? `We have received what you sent back from order ${order.id}:`
        : `Part of your order ${order.id} has been refunded:`,
      '',
      ...refund.lines.map((line) => `${line.name} × ${line.quantity}`),
      '',
      refundSentence(refund.amountPaise, refund.pending),
      '',
      `See it at ${shopUrl}/order/${order.id}`,
    ].join('\n'),
    logLine: `Order refund for ${email}: order ${order.id}, ${formatRupees(refund.amountPaise)}`,
  };
}

/** The parcel is on its way: carrier, tracking number and link when the shop has them. */
export function orderShippedMail(
  shopUrl: string,
  email: string,
  order: OrderRow,
  trackingUrl: string | null,
): Mail {
  const tracking = [
    order.carrier ? `Carrier: ${order.carrier}` : null,
    order.trackingNumber ? `Tracking number: ${order.trackingNumber}` : null,
    trackingUrl ? `Track it at ${trackingUrl}` : null,
  ].filter((line): line is string => line !== null);
  return {
    to: email,
    subject: `Order ${order.id} shipped`,
    text: [
      `Your order ${order.id} is on its way.`,
      ...(tracking.length ? ['', ...tracking] : []),
      '',
      `Follow it at ${shopUrl}/order/${order.id}`,
    ].join('\n'),
    logLine: `Order shipped for ${email}: order ${order.id}${order.trackingNumber ? `, tracking ${order.trackingNumber}` : ''}`,
  };
}
