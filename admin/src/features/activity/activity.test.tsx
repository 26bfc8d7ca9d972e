import type * as SharedApi from '@shop/shared-api';
import { ApiError, type AdminActivityEntry } from '@shop/shared-api';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { deferred } from '../../testing/fixtures.ts';
import { renderAdmin } from '../../testing/render.tsx';
import { ActivityPage } from './ActivityPage.tsx';
import { changeText } from './change-text.ts';

const api = vi.hoisted(() => ({ getAdminActivity: vi.fn() }));
vi.mock('../../../../shared-api/src/endpoints/admin/activity.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof SharedApi>()),
  ...api,
}));

beforeEach(() => {
  vi.resetAllMocks();
});

const entry = (n: number, values: Partial<AdminActivityEntry> = {}): AdminActivityEntry => ({
  _id: String(n).padStart(24, 'a'),
  at: '2026-11-27T09:30:00.000Z',
  actor: { _id: 'b'.repeat(24), email: 'admin@example.com' },
  action: 'product.update',
  target: String(n).padStart(24, 'c'),
  changes: [{ field: 'stock', before: 6, after: 2 }],
  ...values,
});
const answer = (entries: AdminActivityEntry[], matching = entries.length, page = 1) => ({
  success: true as const,
  entries,
  page,
  resultPerPage: 20,
  filteredEntriesCount: matching,
});
const open = (at = '/admin/activity') => renderAdmin(<ActivityPage />, { path: '/admin/activity', at });

describe('/admin/activity', () => {
  it('shows a skeleton, then who changed what and how, newest first, with the pages', async () => {
    const pending = deferred<unknown>();
    api.getAdminActivity.mockReturnValueOnce(pending.promise);
    open();
    expect(screen.getByRole('status')).toHaveTextContent('Loading activity');
    await act(async () =>
      pending.resolve(
        answer(
          [
            entry(1),
            entry(2, {
              action: 'order.status',
              changes: [{ field: 'orderStatus', before: 'Processing', after: 'Shipped' }],
            }),
          ],
          45,
        ),
      ),
    );
    const table = await screen.findByRole('table', { name: 'Activity' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent('admin@example.com');
    expect(rows[1]).toHaveTextContent('Product updated');
    expect(rows[1]).toHaveTextContent('Stock: 6 → 2');
    expect(rows[2]).toHaveTextContent('Order status: Processing → Shipped');
    expect(screen.getByText('45 entries')).toBeInTheDocument();
    expect(api.getAdminActivity).toHaveBeenCalledWith({ page: 1, limit: 20 });
    api.getAdminActivity.mockResolvedValue(answer([entry(3)], 45, 3));
    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    await vi.waitFor(() => expect(api.getAdminActivity).toHaveBeenLastCalledWith({ page: 3, limit: 20 }));
  });

  it('applies who, what and when together, keeps them in the address, and clears them', async () => {
    api.getAdminActivity.mockResolvedValue(answer([entry(1)]));
    open('/admin/activity?action=order.delete&page=2');
    expect(await screen.findByRole('table', { name: 'Activity' })).toBeInTheDocument();
    expect(api.getAdminActivity).toHaveBeenCalledWith({ page: 2, limit: 20, action: 'order.delete' });
    expect(screen.getByLabelText('Action')).toHaveValue('order.delete');

    fireEvent.change(screen.getByLabelText('Admin (email or id)'), { target: { value: 'ops@example.com' } });
    fireEvent.change(screen.getByLabelText('Action'), { target: { value: 'user.update' } });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-02' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    await vi.waitFor(() =>
      expect(api.getAdminActivity).toHaveBeenLastCalledWith({
        page: 1,
        limit: 20,
        who: 'ops@example.com',
        action: 'user.update',
        from: new Date(2026, 10, 1).toISOString(),
        // The last day shown is whole: the api gets the next day's start.
        to: new Date(2026, 10, 3).toISOString(),
      }),
    );

    api.getAdminActivity.mockResolvedValue(answer([]));
    fireEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    await vi.waitFor(() => expect(api.getAdminActivity).toHaveBeenLastCalledWith({ page: 1, limit: 20 }));
    expect(await screen.findByText('No activity yet')).toBeInTheDocument();
    expect(screen.getByLabelText('Admin (email or id)')).toHaveValue('');
  });

  it('refuses a To before From, says when nothing matches, and shows a failure with Retry', async () => {
    api.getAdminActivity.mockResolvedValue(answer([]));
    open('/admin/activity?who=nobody@example.com');
    expect(await screen.findByText('No activity matches')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-05' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-01' } });
    const calls = api.getAdminActivity.mock.calls.length;
    fireEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(await screen.findByText('To must be on or after From')).toBeInTheDocument();
    expect(api.getAdminActivity).toHaveBeenCalledTimes(calls);

    api.getAdminActivity.mockRejectedValue(new ApiError('Failed to get the activity', 500));
    open();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to get the activity');
    api.getAdminActivity.mockResolvedValue(answer([entry(1)]));
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table', { name: 'Activity' })).toBeInTheDocument();
  });
});

describe('how a change reads', () => {
  it('says a created field, a removed one and long or listed values shortly', () => {
    expect(changeText({ field: 'price', before: null, after: 2499 })).toBe('Price: 2499');
    expect(changeText({ field: 'comment', before: 'Meh', after: null })).toBe('Comment was Meh');
    expect(changeText({ field: 'images', before: ['a.png', 'b.png'], after: [] })).toBe(
      'Images: a.png, b.png → —',
    );
    expect(changeText({ field: 'description', before: 'x'.repeat(80), after: 'y' })).toBe(
      `Description: ${'x'.repeat(59)}… → y`,
    );
  });

  it('ignores an address filter the form would refuse', async () => {
    api.getAdminActivity.mockResolvedValue(answer([entry(1)]));
    open('/admin/activity?action=product.rename&from=soon&to=2026-13-45&who=%20');
    expect(await screen.findByRole('table', { name: 'Activity' })).toBeInTheDocument();
    expect(api.getAdminActivity).toHaveBeenCalledWith({ page: 1, limit: 20 });
  });
});
