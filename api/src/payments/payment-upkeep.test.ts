import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppContext } from '../context.ts';
import { schedulePaymentUpkeep } from './payment-upkeep.ts';
import { appWithCloseHooks } from '../../test/helpers/app-with-close-hooks.ts';

const work = vi.hoisted(() => ({
  refunds: vi.fn(async () => 2),
  orderRefunds: vi.fn(async () => 0),
  sweep: vi.fn(async () => undefined),
}));
vi.mock('../orders/refunds.ts', () => ({ retryPendingRefunds: work.refunds }));
vi.mock('../orders/order-refunds.ts', () => ({ retryPendingOrderRefunds: work.orderRefunds }));
vi.mock('./upi/settle-payment-request.ts', () => ({ sweepPaymentRequests: work.sweep }));

function contextWith(upi: object | null) {
  return { db: {}, refunds: {}, upi, metrics: { paymentRefunded: vi.fn() } } as unknown as AppContext & {
    metrics: { paymentRefunded: ReturnType<typeof vi.fn> };
  };
}

describe('the payments’ upkeep', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    Object.values(work).forEach((fn) => fn.mockClear());
  });
  afterEach(() => vi.useRealTimers());

  it('retries failed refunds every minute and counts those it finished', async () => {
    const { app, close } = appWithCloseHooks();
    const ctx = contextWith(null);
    schedulePaymentUpkeep(app as never, ctx);
    await vi.advanceTimersByTimeAsync(59_000);
    expect(work.refunds).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(work.refunds).toHaveBeenCalledTimes(1);
    expect(work.orderRefunds).toHaveBeenCalledTimes(1);
    expect(ctx.metrics.paymentRefunded).toHaveBeenCalledWith('retried', 2);
    // No UPI gateway: nothing to sweep.
    expect(work.sweep).not.toHaveBeenCalled();
    await close();
  });

  it('asks about unsettled UPI requests every 15 s when a UPI gateway is open', async () => {
    const { app, close } = appWithCloseHooks();
    schedulePaymentUpkeep(app as never, contextWith({}));
    await vi.advanceTimersByTimeAsync(45_000);
    expect(work.sweep).toHaveBeenCalledTimes(3);
    await close();
  });

  it('logs a failed round and keeps going', async () => {
    const { app, log, close } = appWithCloseHooks();
    work.refunds.mockRejectedValueOnce(new Error('gateway down'));
    schedulePaymentUpkeep(app as never, contextWith(null));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(log.error).toHaveBeenCalledWith({ err: expect.any(Error) }, 'refund retry failed');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(work.refunds).toHaveBeenCalledTimes(2);
    await close();
  });

  it('stops when the app closes', async () => {
    const { app, close } = appWithCloseHooks();
    schedulePaymentUpkeep(app as never, contextWith({}));
    await close();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(work.refunds).not.toHaveBeenCalled();
    expect(work.sweep).not.toHaveBeenCalled();
  });
});
