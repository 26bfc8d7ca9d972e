import { repeatUntilClose, type BackgroundHost } from '../background/repeat-until-close.ts';
import type { AppContext } from '../context.ts';
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
export function schedulePaymentUpkeep(app: BackgroundHost, ctx: AppContext): void {
  const { db, refunds, upi, metrics } = ctx;
  repeatUntilClose(app, REFUND_RETRY_MS, 'refund retry failed', async () =>
    metrics.paymentRefunded('retried', await retryPendingRefunds(db, refunds, app.log)),
  );
  repeatUntilClose(app, REFUND_RETRY_MS, 'order refund retry failed', () =>
    retryPendingOrderRefunds(db, refunds, app.log),
  );
  if (upi)
    repeatUntilClose(app, PAYMENT_REQUEST_SWEEP_MS, 'payment request sweep failed', () =>
      sweepPaymentRequests(ctx, upi, app.log),
    );
}
