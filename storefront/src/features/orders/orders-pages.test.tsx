import { anOrder, apiFailure, fakeApi } from '@shop/shared-api/testing';
import { renderPage, resetSession, shopper } from '@shop/shared-auth/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import MyOrdersPage from './MyOrdersPage.tsx';
import OrderDetailsPage from './OrderDetailsPage.tsx';

describe('/orders/me', () => {
  beforeEach(() => resetSession(shopper));
  afterEach(() => vi.unstubAllGlobals());

  it('lists each order with id, date, status, PAID or NOT PAID, items, total, address and View Details', async () => {
    const paid = anOrder(1, { orderStatus: 'Delivered' });
    const unpaid = anOrder(2, {
      paymentInfo: { id: 'pi_x', status: 'requires_payment_method' },
      createdAt: '2026-11-21T10:00:00.000Z',
    });
    fakeApi({ 'GET /orders/me': () => ({ success: true, orders: [paid, unpaid] }) });
    renderPage(<MyOrdersPage />, { path: '/orders/me' });
    expect(screen.getByLabelText('Loading your orders')).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Your orders, newest first' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    // Newest first.
    expect(within(rows[0]!).getByText(`Order #${unpaid._id}`)).toBeInTheDocument();
    expect(within(rows[0]!).getByText('NOT PAID')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('PAID')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Delivered')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('November 20, 2026')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('2 items')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('12 MG Road, Bengaluru')).toBeInTheDocument();
    expect(within(rows[1]!).getByRole('link', { name: `View details of order ${paid._id}` })).toHaveAttribute(
      'href',
      `/order/${paid._id}`,
    );
  });

  it('shows a cancelled and refunded order as Cancelled and REFUNDED (issue 29)', async () => {
    const cancelled = anOrder(1, { orderStatus: 'Cancelled', refundedPrice: 436, totalPrice: 436 });
    fakeApi({ 'GET /orders/me': () => ({ success: true, orders: [cancelled] }) });
    renderPage(<MyOrdersPage />, { path: '/orders/me' });
    const list = await screen.findByRole('list', { name: 'Your orders, newest first' });
    expect(within(list).getByText('Cancelled')).toBeInTheDocument();
    expect(within(list).getByText('REFUNDED')).toBeInTheDocument();
  });

  it("says 'No orders found', or the error with Retry", async () => {
    fakeApi({ 'GET /orders/me': () => ({ success: true, orders: [] }) });
    const empty = renderPage(<MyOrdersPage />, { path: '/orders/me' });
    expect(await screen.findByText('No orders found')).toBeInTheDocument();
    empty.unmount();
    fakeApi({ 'GET /orders/me': () => apiFailure(500) });
    renderPage(<MyOrdersPage />, { path: '/orders/me' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to get orders');
  });
});

describe('/order/:id', () => {
  beforeEach(() => resetSession(shopper));
  afterEach(() => vi.unstubAllGlobals());
  const render = (id: string) => renderPage(<OrderDetailsPage />, { path: '/order/:id', at: `/order/${id}` });

  it('shows shipping, payment, status and the items', async () => {
    const order = anOrder(3);
    fakeApi({ [`GET /order/${order._id}`]: () => ({ success: true, order }) });
    render(order._id);
    expect(await screen.findByRole('heading', { name: `Order #${order._id}` })).toBeInTheDocument();
    expect(screen.getByText(/12 MG Road, Bengaluru, Karnataka, 560001, India/)).toBeInTheDocument();
    expect(screen.getByText('PAID')).toBeInTheDocument();
    expect(screen.getByText('Processing')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: order.orderItems[0]!.name })).toBeInTheDocument();
  });

  it('shows the tracking number as a link to the carrier when the carrier is known (issue 29)', async () => {
    const order = anOrder(3, {
      orderStatus: 'Shipped',
      shipment: {
        carrier: 'Delhivery',
        trackingNumber: 'DL-1',
        trackingUrl: 'https://www.delhivery.com/track-v2/package/DL-1',
        shippedAt: '2026-11-21T10:00:00.000Z',
      },
    });
    fakeApi({ [`GET /order/${order._id}`]: () => ({ success: true, order }) });
    render(order._id);
    const link = await screen.findByRole('link', { name: /DL-1/ });
    expect(link).toHaveAttribute('href', 'https://www.delhivery.com/track-v2/package/DL-1');
    expect(screen.getByText('Shipped on November 21, 2026 with Delhivery')).toBeInTheDocument();
  });

  it('shows the payment method, and downloads the tax invoice once paid (issue 25)', async () => {
    const order = anOrder(5, {
      invoice: { number: 'INV/26-27/00042', issuedAt: '2026-11-20T10:00:00.000Z' },
    });
    const calls = fakeApi({
      [`GET /order/${order._id}`]: () => ({ success: true, order }),
      [`GET /order/${order._id}/invoice`]: () =>
        new Response(new Blob(['%PDF-1.7'], { type: 'application/pdf' }), {
          headers: { 'content-type': 'application/pdf' },
        }),
    });
    const created = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:invoice');
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      expect(this.download).toBe('invoice-INV-26-27-00042.pdf');
    });
    render(order._id);
    expect(await screen.findByText('Card')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Download invoice INV/26-27/00042' }));
    await waitFor(() => expect(clicked).toHaveBeenCalledOnce());
    expect(calls.map((call) => call.path)).toContain(`/order/${order._id}/invoice`);
    expect(created).toHaveBeenCalledWith(expect.any(Blob));
    clicked.mockRestore();
    created.mockRestore();
  });

  it('says a cash order not delivered yet is NOT PAID, paid in cash, and invoiced when paid', async () => {
    const order = anOrder(6, {
      paymentMethod: 'cod',
      paymentInfo: { id: 'cod_1', status: 'pending' },
      paidAt: null,
      invoice: null,
    });
    fakeApi({ [`GET /order/${order._id}`]: () => ({ success: true, order }) });
    render(order._id);
    expect(await screen.findByText('NOT PAID')).toBeInTheDocument();
    expect(screen.getByText('Cash on delivery')).toBeInTheDocument();
    expect(screen.getByText('The tax invoice is issued when the order is paid.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Download invoice/ })).not.toBeInTheDocument();
  });

  it("shows someone else's order as not found, with none of its data", async () => {
    const order = anOrder(4);
    fakeApi({ [`GET /order/${order._id}`]: () => apiFailure(404, 'Order not found') });
    render(order._id);
    expect(await screen.findByRole('heading', { name: 'Order not found' })).toBeInTheDocument();
    expect(screen.queryByText(/12 MG Road/)).not.toBeInTheDocument();
  });
});
