import { describe, expect, it, vi } from 'vitest';
import { NotReady } from '../health/readiness.ts';
import { catalogReadiness } from './catalog-readiness.ts';

/** An index whose load ends when the test says so. */
function indexLoadingUntilReleased() {
  let release: (loaded: boolean) => void = () => {};
  let fail: (error: Error) => void = () => {};
  const warm = vi.fn(
    () =>
      new Promise<boolean>((resolve, reject) => {
        release = resolve;
        fail = reject;
      }),
  );
  return {
    index: { warm },
    release: (loaded = true) => release(loaded),
    fail: (error: Error) => fail(error),
  };
}

const loading = expect.objectContaining({ reason: 'loading' });

describe('readiness for the catalog index', () => {
  it('is ready at the first ask when the catalog loads within the wait', async () => {
    const probe = catalogReadiness({ warm: async () => true }, { waitMs: 1000 });
    await expect(probe()).resolves.toBeUndefined();
  });

  it('answers "loading" until the first load has ended, starting it once', async () => {
    const { index, release } = indexLoadingUntilReleased();
    const probe = catalogReadiness(index, { waitMs: 20 });
    await expect(probe()).rejects.toBeInstanceOf(NotReady);
    await expect(probe()).rejects.toEqual(loading);
    release();
    await expect(probe()).resolves.toBeUndefined();
    await expect(probe()).resolves.toBeUndefined();
    expect(index.warm).toHaveBeenCalledTimes(1);
  });

  it('is ready when the load fails or finds the catalog too large: the database lists then', async () => {
    const failing = indexLoadingUntilReleased();
    const failed = catalogReadiness(failing.index, { waitMs: 20 });
    await expect(failed()).rejects.toEqual(loading);
    failing.fail(new Error('connection refused'));
    await expect(failed()).resolves.toBeUndefined();

    const tooLarge = indexLoadingUntilReleased();
    const large = catalogReadiness(tooLarge.index, { waitMs: 20 });
    await expect(large()).rejects.toEqual(loading);
    tooLarge.release(false);
    await expect(large()).resolves.toBeUndefined();
  });

  it('is ready once the bound has passed, however long the load takes', async () => {
    const { index } = indexLoadingUntilReleased();
    const probe = catalogReadiness(index, { waitMs: 10, boundMs: 60 });
    await expect(probe()).rejects.toEqual(loading);
    await new Promise((resolve) => setTimeout(resolve, 80));
    await expect(probe()).resolves.toBeUndefined();
  });
});
