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

  describe("Cancel Order (the shopper's own, before it ships)", () => {
    it('asks, says what is refunded, and then shows the order Cancelled and refunded', async () => {
      const order = anOrder(7, { totalPrice: 436 });
      const cancelled = {
        ...order,
        orderStatus: 'Cancelled',
        refundedPrice: 436,
        cancelledAt: '2026-11-29T10:00:00.000Z',
      };
      const calls = fakeApi({
        [`GET /order/${order._id}`]: () => ({ success: true, order }),
        [`POST /order/${order._id}/cancel`]: () => ({ success: true, order: cancelled }),
      });
      render(order._id);
      await userEvent.click(await screen.findByRole('button', { name: 'Cancel Order' }));
      const dialog = await screen.findByRole('alertdialog');
      expect(dialog).toHaveTextContent(
        'Cancel this order?Its items go back on sale and ₹436.00 is refunded to where you paid it from.',
      );
      // Its no is not a second 'Cancel'.
      expect(within(dialog).getByRole('button', { name: 'Keep Order' })).toBeInTheDocument();
      // Nothing is sent before the shopper confirms.
      expect(calls.some((call) => call.method === 'POST')).toBe(false);
      await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel Order' }));
      expect(await screen.findByText('Cancelled on November 29, 2026')).toBeInTheDocument();
      expect(screen.getByText('REFUNDED')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Cancel Order' })).not.toBeInTheDocument();
      expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
        `/order/${order._id}/cancel`,
      ]);
    });

    it("shows the shop's refusal and leaves the order as it was", async () => {
      const order = anOrder(8);
      fakeApi({
        [`GET /order/${order._id}`]: () => ({ success: true, order }),
        [`POST /order/${order._id}/cancel`]: () =>
          apiFailure(400, 'This order has been shipped and can no longer be cancelled'),
      });
      render(order._id);
      await userEvent.click(await screen.findByRole('button', { name: 'Cancel Order' }));
      const dialog = await screen.findByRole('alertdialog');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel Order' }));
      expect(
        await screen.findByText('This order has been shipped and can no longer be cancelled'),
      ).toBeInTheDocument();
      expect(screen.getByText('Processing')).toBeInTheDocument();
    });

    it('is not offered once the order has shipped, and a cash order never paid refunds nothing', async () => {
      const shipped = anOrder(9, { orderStatus: 'Shipped' });
      fakeApi({ [`GET /order/${shipped._id}`]: () => ({ success: true, order: shipped }) });
      const view = render(shipped._id);
      expect(await screen.findByText('Shipped')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Cancel Order' })).not.toBeInTheDocument();
      view.unmount();

      const cash = anOrder(10, {
        paymentMethod: 'cod',
        paymentInfo: { id: 'cod_2', status: 'pending' },
        invoice: null,
      });
      fakeApi({ [`GET /order/${cash._id}`]: () => ({ success: true, order: cash }) });
      render(cash._id);
      await userEvent.click(await screen.findByRole('button', { name: 'Cancel Order' }));
      expect(await screen.findByRole('alertdialog')).toHaveTextContent(
        'Its items go back on sale; nothing was paid, so nothing is refunded.',
      );
    });
  });
});
