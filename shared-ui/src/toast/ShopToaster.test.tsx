import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithTheme } from '../test/render.tsx';
import { loadToastList, ShopToaster } from './ShopToaster.tsx';
import { toast } from './toast.ts';
import { TOAST_DURATION_MS, toastStore } from './toast-store.ts';

describe('toast API and <ShopToaster/>', () => {
  // The animated list is fetched with the first toast in the page; here it is loaded up front.
  beforeAll(() => loadToastList());
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    toastStore.getState().clear();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows success and info politely and errors assertively', () => {
    renderWithTheme(<ShopToaster />);
    act(() => {
      toast.success('Profile Updated Successfully');
      toast.info('Heads up');
      toast.error('Failed to load user');
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to load user');
    const statuses = screen.getAllByRole('status');
    expect(statuses.map((el) => el.textContent)).toEqual([
      expect.stringContaining('Profile Updated Successfully'),
      expect.stringContaining('Heads up'),
    ]);
    expect(
      screen.getByRole('region', { name: 'Notifications' }).querySelector('[aria-live="polite"]'),
    ).not.toBeNull();
  });

  it('removes a toast from the store after 5 seconds', () => {
    renderWithTheme(<ShopToaster />);
    act(() => void toast.success('Logout Successfully'));
    expect(toastStore.getState().toasts).toHaveLength(1);
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS - 100));
    expect(toastStore.getState().toasts).toHaveLength(1);
    act(() => vi.advanceTimersByTime(200));
    expect(toastStore.getState().toasts).toHaveLength(0);
  });

  it('keeps the toast while the pointer rests on it', () => {
    renderWithTheme(<ShopToaster />);
    act(() => void toast.info('Read me'));
    fireEvent.pointerEnter(screen.getByTestId('toast'));
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS * 2));
    expect(toastStore.getState().toasts).toHaveLength(1);
    fireEvent.pointerLeave(screen.getByTestId('toast'));
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS));
    expect(toastStore.getState().toasts).toHaveLength(0);
  });

  it('closes on the close button', () => {
    renderWithTheme(<ShopToaster />);
    act(() => void toast.error('Oops'));
    fireEvent.click(screen.getByRole('button', { name: 'Close notification' }));
    expect(toastStore.getState().toasts).toHaveLength(0);
  });

  it('keeps at most four toasts, dropping the oldest', () => {
    act(() => {
      for (let n = 1; n <= 6; n++) toast.info(`Message ${n}`);
    });
    expect(toastStore.getState().toasts.map((t) => t.message)).toEqual([
      'Message 3',
      'Message 4',
      'Message 5',
      'Message 6',
    ]);
  });
});
