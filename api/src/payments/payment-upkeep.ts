import type { AppContext } from '../context.ts';
import type { ZodApp } from '../http/types.ts';
import { retryPendingOrderRefunds } from '../orders/order-refunds.ts';
import { retryPendingRefunds } from '../orders/refunds.ts';
import { sweepPaymentRequests } from './upi/settle-payment-request.ts';

const REFUND_RETRY_MS = 60_000;
/** How often requests nobody settled (a closed tab, a lost webhook) are asked about and expired. */
const PAYMENT_REQUEST_SWEEP_MS = 15_000;

/**
 * The payments' background work, on every instance, stopped when the app closes: refunds the gateways
 * failed at the time are finished every minute, and UPI requests nobody settled are asked about.
 */
export function schedulePaymentUpkeep(app: Pick<ZodApp, 'log' | 'addHook'>, ctx: AppContext): void {
  const { db, refunds, upi, metrics } = ctx;
  const every = (ms: number, work: () => void) => {
    const timer = setInterval(work, ms);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  };
  every(REFUND_RETRY_MS, () => {
    retryPendingRefunds(db, refunds, app.log).then(
      (refunded) => metrics.paymentRefunded('retried', refunded),
      (error: unknown) => app.log.error({ err: error }, 'refund retry failed'),
    );
    retryPendingOrderRefunds(db, refunds, app.log).catch((error: unknown) =>
      app.log.error({ err: error }, 'order refund retry failed'),
    );
  });
  if (upi)
    every(PAYMENT_REQUEST_SWEEP_MS, () => {
      sweepPaymentRequests(ctx, upi, app.log).catch((error: unknown) =>
        app.log.error({ err: error }, 'payment request sweep failed'),
      );
    });
}
