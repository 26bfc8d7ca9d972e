import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { repeatUntilClose } from './repeat-until-close.ts';
import { appWithCloseHooks } from '../../test/helpers/app-with-close-hooks.ts';

describe('background work repeated until the app closes', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs at each interval, and never a second round while one is still running', async () => {
    const { app, close } = appWithCloseHooks();
    let finish = () => {};
    const work = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    repeatUntilClose(app, 1_000, 'round failed', work);
    await vi.advanceTimersByTimeAsync(999);
    expect(work).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(work).toHaveBeenCalledTimes(1);
    // The first round outlasts three intervals: none of them starts another.
    await vi.advanceTimersByTimeAsync(3_000);
    expect(work).toHaveBeenCalledTimes(1);
    finish();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(work).toHaveBeenCalledTimes(2);
    await close();
  });

  it('logs a failed round and tries again at the next', async () => {
    const { app, log, close } = appWithCloseHooks();
    const work = vi.fn(async () => {}).mockRejectedValueOnce(new Error('database down'));
    repeatUntilClose(app, 1_000, 'round failed', work);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(log.error).toHaveBeenCalledWith({ err: expect.any(Error) }, 'round failed');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(work).toHaveBeenCalledTimes(2);
    expect(log.error).toHaveBeenCalledTimes(1);
    await close();
  });

  it('stops when the app closes', async () => {
    const { app, close } = appWithCloseHooks();
    const work = vi.fn(async () => {});
    repeatUntilClose(app, 1_000, 'round failed', work);
    await close();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(work).not.toHaveBeenCalled();
  });
});
