import type * as SharedApi from '@shop/shared-api';
import { ApiError } from '@shop/shared-api';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { deferred, order, ordersPage } from '../../testing/fixtures.ts';
import { renderAdmin } from '../../testing/render.tsx';
import { onAPhone } from '../../testing/screen.ts';
import { OrderPage } from './OrderPage.tsx';
import { OrdersPage } from './OrdersPage.tsx';
import { nextStatus } from './order-rules.ts';

const api = vi.hoisted(() => ({
  getAdminOrdersPage: vi.fn(),
  getOrder: vi.fn(),
  updateOrderStatus: vi.fn(),
  deleteOrder: vi.fn(),
  getOrderPayments: vi.fn(),
  cancelOrder: vi.fn(),
  refundOrderLines: vi.fn(),
}));
vi.mock('../../../../shared-api/src/endpoints/orders.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof SharedApi>()),
  ...api,
}));

beforeEach(() => vi.resetAllMocks());

const list = () => renderAdmin(<OrdersPage />, { path: '/admin/orders' });

describe('the status flow', () => {
  it('moves Processing to Shipped, Shipped to Delivered, and Delivered nowhere', () => {
    expect(nextStatus('Processing')).toBe('Shipped');
    expect(nextStatus('Shipped')).toBe('Delivered');
    expect(nextStatus('Delivered')).toBeNull();
  });
});

describe('/admin/orders', () => {
  it('loads with skeletons, then shows stat cards and 10 rows per page with short ids', async () => {
    const pending = deferred<unknown>();
    api.getAdminOrdersPage.mockReturnValueOnce(pending.promise);
    list();
    expect(screen.getByTestId('list-skeleton')).toBeInTheDocument();
    const orders = Array.from({ length: 12 }, (_, i) =>
      order(i + 1, { orderStatus: i < 5 ? 'Delivered' : i < 8 ? 'Shipped' : 'Processing' }),
    );
    await act(async () => pending.resolve(ordersPage(orders.slice(0, 10), { total: 12, delivered: 5 })));
    const table = await screen.findByRole('table', { name: 'Orders' });
    expect(within(table).getAllByRole('row')).toHaveLength(11);
    const figures = screen.getByRole('region', { name: 'Figures' });
    expect(within(figures).getByText('Total orders').nextSibling).toHaveTextContent('12');
    expect(within(figures).getByText('Delivered').nextSibling).toHaveTextContent('5');
    expect(within(figures).getByText('Pending').nextSibling).toHaveTextContent('7');
    const first = within(table).getAllByRole('row')[1]!;
    expect(within(first).getByText(orders[0]!._id.slice(-8))).toBeInTheDocument();
    expect(within(first).getByText('3')).toBeInTheDocument();
    expect(within(first).getByText('₹672.00')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: /^Edit order/ })).toHaveAttribute(
      'href',
      `/admin/order/${orders[0]!._id}`,
    );
    api.getAdminOrdersPage.mockResolvedValue(
      ordersPage(orders.slice(10), { total: 12, delivered: 5, page: 2 }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await vi.waitFor(() =>
      expect(within(screen.getByRole('table', { name: 'Orders' })).getAllByRole('row')).toHaveLength(3),
    );
    expect(api.getAdminOrdersPage).toHaveBeenLastCalledWith({ page: 2, limit: 10, q: '' });
  });

  it('searches by order id text', async () => {
    api.getAdminOrdersPage.mockResolvedValue(ordersPage([order(1), order(2), order(3)]));
    list();
    const text = order(2)._id.slice(-5);
    const box = await screen.findByLabelText('Search by order id');
    api.getAdminOrdersPage.mockResolvedValue(ordersPage([order(2)], { total: 3, matching: 1 }));
    fireEvent.change(box, { target: { value: text } });
    await vi.waitFor(() =>
      expect(within(screen.getByRole('table', { name: 'Orders' })).getAllByRole('row')).toHaveLength(2),
    );
    expect(api.getAdminOrdersPage).toHaveBeenLastCalledWith({ page: 1, limit: 10, q: text });
    api.getAdminOrdersPage.mockResolvedValue(ordersPage([], { total: 3, matching: 0 }));
    fireEvent.change(box, { target: { value: 'zzz' } });
    expect(await screen.findByText('No orders match')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Figures' })).toHaveTextContent('Total orders3');
  });

  it('says so when there are no orders', async () => {
    api.getAdminOrdersPage.mockResolvedValue(ordersPage([]));
    list();
    expect(await screen.findByText('No orders yet')).toBeInTheDocument();
  });

  it("shows the spec's fallback in an alert", async () => {
    api.getAdminOrdersPage.mockRejectedValue(new ApiError('Failed to get all orders', 0));
    list();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to get all orders');
  });

  it('deletes after confirmation and refreshes the list', async () => {
    api.getAdminOrdersPage.mockResolvedValueOnce(ordersPage([order(1), order(2)]));
    api.getAdminOrdersPage.mockResolvedValue(ordersPage([order(2)]));
    api.deleteOrder.mockResolvedValue({ success: true, message: 'Order Deleted Successfully' });
    list();
    fireEvent.click(await screen.findByRole('button', { name: `Delete order ${order(1)._id.slice(-8)}` }));
    expect(await screen.findByText('Are you sure you want to delete this order?')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Order Deleted Successfully')).toBeInTheDocument();
    await vi.waitFor(() =>
      expect(within(screen.getByRole('table', { name: 'Orders' })).getAllByRole('row')).toHaveLength(2),
    );
    expect(api.deleteOrder).toHaveBeenCalledWith(order(1)._id);
  });
});

describe('/admin/orders on a phone', () => {
  onAPhone();

  it('shows each order as a card: short id, status, items, amount, Edit and Delete', async () => {
    api.getAdminOrdersPage.mockResolvedValue(ordersPage([order(1, { orderStatus: 'Shipped' })]));
    list();
    const card = within(await screen.findByRole('list', { name: 'Orders' })).getByRole('listitem');
    expect(
      within(card)
        .getAllByRole('definition')
        .map((value) => value.textContent),
    ).toEqual([order(1)._id.slice(-8), 'Shipped', '3', '₹672.00']);
    const name = `order ${order(1)._id.slice(-8)}`;
    expect(within(card).getByRole('link', { name: `Edit ${name}` })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: `Delete ${name}` })).toBeInTheDocument();
  });
});

describe('/admin/order/:id', () => {
  const payments: SharedApi.OrderPaymentsResponse = {
    success: true,
    payments: [
      {
        kind: 'paid',
        amount: 436,
        status: 'paid',
        at: '2026-11-20T10:00:00Z',
        by: 'Sam Shopper',
        gateway: 'local',
        lines: [],
      },
    ],
    paid: 436,
    refunded: 0,
    lines: [{ product: order(1).orderItems[0]!.product, name: 'Product 2', quantity: 2, refundable: 2 }],
  };
  const render = (status: SharedApi.OrderStatus) => {
    api.getOrder.mockResolvedValue(order(1, { orderStatus: status }));
    api.getOrderPayments.mockResolvedValue(payments);
    return renderAdmin(<OrderPage />, { path: '/admin/order/:id', at: `/admin/order/${order(1)._id}` });
  };

  it('shows shipping, payment, status and items', async () => {
    render('Processing');
    expect(await screen.findByText('Sam Shopper')).toBeInTheDocument();
    expect(screen.getByText('9876543210')).toBeInTheDocument();
    expect(screen.getByText('12 MG Road, Pune, MH, 411001, India')).toBeInTheDocument();
    expect(screen.getByText('PAID')).toBeInTheDocument();
    expect(screen.getByText('Product 2')).toBeInTheDocument();
    expect(screen.getByText('2 × ₹100.00 =')).toBeInTheDocument();
  });

  it('shows a cash order NOT PAID with its method, and no invoice before it is paid (issue 25)', async () => {
    api.getOrder.mockResolvedValue(
      order(1, {
        paymentMethod: 'cod',
        paymentInfo: { id: 'cod_1', status: 'pending' },
        paidAt: null,
        invoice: null,
      }),
    );
    renderAdmin(<OrderPage />, { path: '/admin/order/:id', at: `/admin/order/${order(1)._id}` });
    expect(await screen.findByText('NOT PAID')).toBeInTheDocument();
    expect(screen.getByText('Cash on delivery')).toBeInTheDocument();
    expect(screen.getByText('Issued when the order is paid')).toBeInTheDocument();
  });

  it("offers the paid order's invoice for download", async () => {
    render('Delivered');
    expect(await screen.findByText('Card')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Download invoice INV\/26-27\/\d{5}/ })).toBeInTheDocument();
  });

  it('offers only the next status and is disabled until it is chosen', async () => {
    render('Processing');
    const select = await screen.findByLabelText('Status');
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose status', 'Shipped']);
    expect(screen.getByRole('button', { name: 'Process' })).toBeDisabled();
    fireEvent.change(select, { target: { value: 'Shipped' } });
    expect(screen.getByRole('button', { name: 'Process' })).toBeEnabled();
  });

  it('moves Shipped to Delivered, toasts, and the form disappears', async () => {
    render('Shipped');
    api.updateOrderStatus.mockImplementation(async () => {
      api.getOrder.mockResolvedValue(
        order(1, { orderStatus: 'Delivered', deliveredAt: '2026-11-03T10:00:00Z' }),
      );
    });
    fireEvent.change(await screen.findByLabelText('Status'), { target: { value: 'Delivered' } });
    fireEvent.click(screen.getByRole('button', { name: 'Process' }));
    expect(await screen.findByText('Order Updated Successfully')).toBeInTheDocument();
    expect(api.updateOrderStatus).toHaveBeenCalledWith(order(1)._id, 'Delivered');
    await vi.waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Process Order' })).not.toBeInTheDocument(),
    );
    expect(screen.getByText('Delivered on November 3, 2026')).toBeInTheDocument();
  });

  it('ships with the carrier and tracking number the admin gives', async () => {
    render('Processing');
    fireEvent.change(await screen.findByLabelText('Status'), { target: { value: 'Shipped' } });
    fireEvent.change(screen.getByLabelText('Carrier (optional)'), { target: { value: 'Delhivery' } });
    fireEvent.change(screen.getByLabelText('Tracking number (optional)'), { target: { value: 'DL-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Process' }));
    expect(await screen.findByText('Order Updated Successfully')).toBeInTheDocument();
    expect(api.updateOrderStatus).toHaveBeenCalledWith(order(1)._id, 'Shipped', {
      carrier: 'Delhivery',
      trackingNumber: 'DL-1',
    });
  });

  it('shows the payment history and cancels only after confirmation', async () => {
    render('Processing');
    const history = await screen.findByRole('table', { name: 'Payment history' });
    expect(within(history).getByText('Sam Shopper')).toBeInTheDocument();
    api.cancelOrder.mockResolvedValue(order(1, { orderStatus: 'Cancelled' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
    expect(await screen.findByText(/₹436\.00 is refunded to the shopper/)).toBeInTheDocument();
    expect(api.cancelOrder).not.toHaveBeenCalled();
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel order' }));
    expect(await screen.findByText('Order Cancelled')).toBeInTheDocument();
    expect(api.cancelOrder).toHaveBeenCalledWith(order(1)._id);
  });

  it('refunds chosen lines after confirmation, with the refunds the admin saw', async () => {
    render('Processing');
    fireEvent.change(await screen.findByLabelText('Product 2 (up to 2)'), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Refund the lines' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Refund' }));
    expect(await screen.findByText('Lines Refunded')).toBeInTheDocument();
    expect(api.refundOrderLines).toHaveBeenCalledWith(order(1)._id, {
      kind: 'refund',
      lines: [{ product: order(1).orderItems[0]!.product, quantity: 1 }],
      refundsSeen: 0,
    });
  });

  it('hides the form for a Delivered order', async () => {
    render('Delivered');
    expect(await screen.findByText('Sam Shopper')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Process Order' })).not.toBeInTheDocument();
  });

  it("shows the server's refusal in an alert", async () => {
    render('Processing');
    api.updateOrderStatus.mockRejectedValue(
      new ApiError('The order changed meanwhile; reload it and try again', 400),
    );
    fireEvent.change(await screen.findByLabelText('Status'), { target: { value: 'Shipped' } });
    fireEvent.click(screen.getByRole('button', { name: 'Process' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The order changed meanwhile');
  });

  it('shows a failed load in an alert', async () => {
    api.getOrder.mockRejectedValue(new ApiError('Order not found with this Id', 404));
    renderAdmin(<OrderPage />, { path: '/admin/order/:id', at: `/admin/order/${order(1)._id}` });
    expect(await screen.findByRole('alert')).toHaveTextContent('Order not found with this Id');
  });
});
