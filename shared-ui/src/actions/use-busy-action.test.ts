import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { toastStore } from '../toast/toast-store.ts';
import { useBusyAction } from './use-busy-action.ts';

/** An action that ends when the test says. */
function heldAction() {
  const ends: { resolve: () => void; reject: (error: Error) => void }[] = [];
  const action = vi.fn(() => new Promise<void>((resolve, reject) => void ends.push({ resolve, reject })));
  return { action, ends };
}

const errorToasts = () =>
  toastStore
    .getState()
    .toasts.filter((shown) => shown.kind === 'error')
    .map((shown) => shown.message);

describe('useBusyAction', () => {
  beforeEach(() => toastStore.getState().clear());

  it('is busy while the action runs and runs it once however often it is pressed meanwhile', async () => {
    const held = heldAction();
    const { result } = renderHook(() => useBusyAction(held.action, () => 'Could not download'));
    expect(result.current.busy).toBe(false);
    let runs: Promise<void>[] = [];
    act(() => {
      runs = [result.current.run(), result.current.run()];
    });
    expect(result.current.busy).toBe(true);
    expect(held.action).toHaveBeenCalledTimes(1);
    await act(async () => {
      held.ends[0]!.resolve();
      await Promise.all(runs);
    });
    expect(result.current.busy).toBe(false);
    expect(errorToasts()).toEqual([]);
  });

  it('tells a failure in an error toast with the screen’s words, and can be pressed again', async () => {
    const held = heldAction();
    const { result } = renderHook(() =>
      useBusyAction(held.action, (error) => `Could not download: ${(error as Error).message}`),
    );
    let run: Promise<void> = Promise.resolve();
    act(() => {
      run = result.current.run();
    });
    await act(async () => {
      held.ends[0]!.reject(new Error('Invoice not found'));
      await run;
    });
    expect(errorToasts()).toEqual(['Could not download: Invoice not found']);
    expect(result.current.busy).toBe(false);
    act(() => void result.current.run());
    expect(held.action).toHaveBeenCalledTimes(2);
  });
});
