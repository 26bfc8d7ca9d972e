import type { PaymentsConfig } from '@shop/shared-contract';
import { aProduct, anOrder, apiFailure, fakeApi, type FakeRoute } from '@shop/shared-api/testing';
import { cartStore } from '@shop/shared-cart';
import { renderPage, resetSession, shopper } from '@shop/shared-auth/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import PaymentPage from './PaymentPage.tsx';

const stripe = vi.hoisted(() => ({
  loadStripe: vi.fn(),
  confirmCardPayment: vi.fn(),
  cardElement: {},
}));
vi.mock('@stripe/stripe-js/pure', () => ({ loadStripe: stripe.loadStripe }));
vi.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children }: { children: React.ReactNode }) => children,
  CardElement: ({ onChange }: { onChange: (change: { complete: boolean }) => void }) => (
    <button type="button" onClick={() => onChange({ complete: true })}>
      Stripe card field
    </button>
  ),
  useStripe: () => ({ confirmCardPayment: stripe.confirmCardPayment }),
  useElements: () => ({ getElement: () => stripe.cardElement }),
}));

const product = aProduct(1, { name: 'T-Shirt', price: 399 });
const address = {
  address: '12 MG Road',
  city: 'Bengaluru',
  state: 'Karnataka',
  country: 'India',
  pinCode: '560001',
  phoneNo: '9876543210',
};
const local: PaymentsConfig = { provider: 'local' };
const SECRET = `pi_${'1'.repeat(24)}_secret_abcdefghijklmnopqrst`;

function checkoutOf(routes: Record<string, FakeRoute>) {
  cartStore.setState({
    shippingInfo: address,
    cartItems: [{ product: product._id, name: product.name, price: 399, image: '', stock: 5, quantity: 1 }],
  });
  sessionStorage.setItem(
    'orderInfo',
    JSON.stringify({ subtotal: 399, shippingCharges: 200, tax: 71.82, totalPrice: 670.82 }),
  );
  return fakeApi({
    'POST /payment/process': () => ({ success: true, client_secret: SECRET }),
    'POST /order/new': () => ({ success: true, order: anOrder(1) }),
    'GET /orders/me': () => ({ success: true, orders: [] }),
    ...routes,
  });
}

async function payWith(card: string) {
  await userEvent.type(screen.getByLabelText(/^Card number/), card);
  await userEvent.type(screen.getByLabelText(/^Expiry/), '1234');
  await userEvent.type(screen.getByLabelText(/^CVC/), '123');
  await userEvent.click(screen.getByRole('button', { name: 'Pay - ₹670.82' }));
}

const render = (payments: PaymentsConfig = local) =>
  renderPage(<PaymentPage payments={payments} />, { path: '/process/payment' });

describe('/process/payment', () => {
  beforeEach(() => {
    resetSession(shopper);
    sessionStorage.clear();
    stripe.loadStripe.mockReset();
    stripe.confirmCardPayment.mockReset();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('pays the total in paise with the local card field, creates the order with the payment, empties the cart', async () => {
    const calls = checkoutOf({
      'POST /payment/confirm': () => ({
        paymentIntent: { id: `pi_${'1'.repeat(24)}`, status: 'succeeded', amount: 67082, currency: 'inr' },
      }),
    });
    const { router } = render();
    expect(screen.getByRole('heading', { name: 'Card Info' })).toBeInTheDocument();
    await payWith('4242424242424242');
    await waitFor(() => expect(router.state.location.pathname).toBe('/success'));
    expect(calls.find((call) => call.path === '/payment/process')!.body).toEqual({ amount: 67082 });
    expect(calls.find((call) => call.path === '/payment/confirm')!.body).toEqual({
      client_secret: SECRET,
      card: { number: '4242424242424242', expiry: '12/34', cvc: '123' },
      billing_details: { name: shopper.name, email: shopper.email },
    });
    expect(calls.find((call) => call.path === '/order/new')!.body).toMatchObject({
      orderItems: [{ product: product._id, quantity: 1 }],
      shippingInfo: address,
      paymentInfo: { id: `pi_${'1'.repeat(24)}`, status: 'succeeded' },
    });
    expect(cartStore.getState().cartItems).toEqual([]);
    expect(sessionStorage.getItem('pendingPayment')).toBeNull();
    expect(screen.getByText('Order Placed Successfully')).toBeInTheDocument();
  });

  it("says the provider's decline, re-enables Pay and places no order; the retry reuses the same payment", async () => {
    let declined = true;
    const calls = checkoutOf({
      'POST /payment/confirm': () =>
        declined
          ? apiFailure(402, 'Your card was declined.')
          : { paymentIntent: { id: 'pi_ok', status: 'succeeded', amount: 67082, currency: 'inr' } },
    });
    const { router } = render();
    await payWith('4000000000000002');
    expect(await screen.findByText('Your card was declined.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay - ₹670.82' })).toBeEnabled();
    expect(calls.some((call) => call.path === '/order/new')).toBe(false);
    declined = false;
    await userEvent.clear(screen.getByLabelText(/^Card number/));
    await userEvent.type(screen.getByLabelText(/^Card number/), '4242424242424242');
    await userEvent.click(screen.getByRole('button', { name: 'Pay - ₹670.82' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/success'));
    expect(calls.filter((call) => call.path === '/payment/process')).toHaveLength(1);
  });

  it("says 'There's some issue while processing payment' when the payment did not succeed", async () => {
    checkoutOf({
      'POST /payment/confirm': () => ({
        paymentIntent: { id: 'pi_x', status: 'requires_payment_method', amount: 67082, currency: 'inr' },
      }),
    });
    render();
    await payWith('4242424242424242');
    expect(await screen.findByText("There's some issue while processing payment")).toBeInTheDocument();
  });

  it('a double click pays once and places one order', async () => {
    const calls = checkoutOf({
      'POST /payment/confirm': () => ({
        paymentIntent: { id: 'pi_ok', status: 'succeeded', amount: 67082, currency: 'inr' },
      }),
    });
    const { router } = render();
    await userEvent.type(screen.getByLabelText(/^Card number/), '4242424242424242');
    await userEvent.type(screen.getByLabelText(/^Expiry/), '1234');
    await userEvent.type(screen.getByLabelText(/^CVC/), '123');
    await userEvent.dblClick(screen.getByRole('button', { name: 'Pay - ₹670.82' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/success'));
    expect(calls.filter((call) => call.path === '/payment/process')).toHaveLength(1);
    expect(calls.filter((call) => call.path === '/order/new')).toHaveLength(1);
  });

  it('back after a reload with a payment that succeeded: places its order without asking for the card again', async () => {
    const calls = checkoutOf({});
    sessionStorage.setItem(
      'pendingPayment',
      JSON.stringify({ clientSecret: SECRET, amountPaise: 67082, succeededIntentId: 'pi_paid' }),
    );
    const { router } = render();
    await waitFor(() => expect(router.state.location.pathname).toBe('/success'));
    // (Besides asking which methods are on offer.)
    const placing = calls.filter((call) => call.path !== '/payment/methods');
    expect(placing.map((call) => call.path)).toEqual(['/order/new']);
    expect(placing[0]!.body).toMatchObject({ paymentInfo: { id: 'pi_paid', status: 'succeeded' } });
  });

  it('a paid order the server could not place yet is offered again, without paying again', async () => {
    let down = true;
    const calls = checkoutOf({
      'POST /payment/confirm': () => ({
        paymentIntent: { id: 'pi_ok', status: 'succeeded', amount: 67082, currency: 'inr' },
      }),
      'POST /order/new': () =>
        down ? apiFailure(503, 'The shop is busy') : { success: true, order: anOrder(1) },
    });
    const { router } = render();
    await payWith('4242424242424242');
    expect(
      await screen.findByText('Your payment went through, but the order is not placed yet'),
    ).toBeInTheDocument();
    down = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/success'));
    expect(calls.filter((call) => call.path === '/payment/confirm')).toHaveLength(1);
  });

  it('sends the shopper back to confirm when the cart no longer matches the confirmed total', () => {
    checkoutOf({});
    sessionStorage.setItem(
      'orderInfo',
      JSON.stringify({ subtotal: 1, shippingCharges: 200, tax: 0.18, totalPrice: 201.18 }),
    );
    const { router } = render();
    expect(router.state.location.pathname).toBe('/order/confirm');
  });

  it('with Stripe: loads Stripe.js for the configured key and confirms the card with the billing details', async () => {
    stripe.loadStripe.mockResolvedValue({});
    stripe.confirmCardPayment.mockResolvedValue({ paymentIntent: { id: 'pi_stripe', status: 'succeeded' } });
    const calls = checkoutOf({});
    const { router } = render({ provider: 'stripe', publishableKey: 'pk_test_123' });
    await userEvent.click(await screen.findByRole('button', { name: 'Stripe card field' }));
    await userEvent.click(screen.getByRole('button', { name: 'Pay - ₹670.82' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/success'));
    expect(stripe.loadStripe).toHaveBeenCalledWith('pk_test_123');
    expect(stripe.confirmCardPayment).toHaveBeenCalledWith(SECRET, {
      payment_method: {
        card: stripe.cardElement,
        billing_details: { name: shopper.name, email: shopper.email },
      },
    });
    expect(calls.find((call) => call.path === '/order/new')!.body).toMatchObject({
      paymentInfo: { id: 'pi_stripe', status: 'succeeded' },
    });
  });

  it("with Stripe: the provider's error message is the toast", async () => {
    stripe.loadStripe.mockResolvedValue({});
    stripe.confirmCardPayment.mockResolvedValue({ error: { message: 'Your card has insufficient funds.' } });
    checkoutOf({});
    render({ provider: 'stripe', publishableKey: 'pk_test_123' });
    await userEvent.click(await screen.findByRole('button', { name: 'Stripe card field' }));
    await userEvent.click(screen.getByRole('button', { name: 'Pay - ₹670.82' }));
    expect(await screen.findByText('Your card has insufficient funds.')).toBeInTheDocument();
  });

  it('with Stripe unreachable: says card payments are unavailable, never a blank page', async () => {
    stripe.loadStripe.mockRejectedValue(new Error('Failed to load Stripe.js'));
    checkoutOf({});
    render({ provider: 'stripe', publishableKey: 'pk_test_unreachable' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Card payments are unavailable right now');
  });

  describe('the other methods the api offers (issue 25)', () => {
    const offering = (cod: object) => ({
      'GET /payment/methods': () => ({
        success: true,
        methods: [
          { method: 'card', available: true },
          { method: 'cod', ...cod },
        ],
      }),
    });

    it('opens on the card, then offers cash on delivery as a radio, and places that order NOT PAID', async () => {
      const calls = checkoutOf({
        ...offering({ available: true }),
        'POST /order/cash-on-delivery': () => ({
          success: true,
          order: anOrder(2, { paymentMethod: 'cod', paymentInfo: { id: 'cod_x', status: 'pending' } }),
        }),
      });
      const { router } = render();
      expect(screen.getByRole('heading', { name: 'Card Info' })).toBeInTheDocument();
      const card = await screen.findByRole('radio', { name: 'Card' });
      expect(card).toBeChecked();
      expect(calls.find((call) => call.path === '/payment/methods')!.query.toString()).toBe(
        'amount=67082&pinCode=560001',
      );
      await userEvent.click(screen.getByRole('radio', { name: 'Cash on delivery' }));
      expect(screen.getByRole('heading', { name: 'Cash on delivery' })).toBeInTheDocument();
      expect(screen.queryByLabelText(/^Card number/)).not.toBeInTheDocument();
      await userEvent.click(await screen.findByRole('button', { name: 'Place Order - ₹670.82' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/success'));
      expect(calls.find((call) => call.path === '/order/cash-on-delivery')!.body).toEqual({
        orderItems: [{ product: product._id, name: 'T-Shirt', image: '', price: 399, quantity: 1 }],
        shippingInfo: address,
      });
      expect(calls.some((call) => call.path === '/payment/process')).toBe(false);
      expect(cartStore.getState().cartItems).toEqual([]);
    });

    it("shows a method the server would refuse disabled, with the server's reason", async () => {
      const reason = 'Cash on delivery is available for orders up to ₹10,000.00; this order is ₹10,620.00.';
      checkoutOf(offering({ available: false, reason }));
      render();
      // Every method is in its place (disabled) before the api answers; the reason comes with the answer.
      const cod = await screen.findByRole('radio', { name: 'Cash on delivery' });
      expect(cod).toBeDisabled();
      await waitFor(() => expect(cod).toHaveAccessibleDescription(reason));
      expect(cod).toBeDisabled();
    });

    it('keeps every method in its place before the api answers, only the card on', async () => {
      checkoutOf({ 'GET /payment/methods': () => new Promise(() => {}) });
      render();
      const radios = await screen.findAllByRole('radio');
      expect(radios.map((radio) => radio.getAttribute('value'))).toEqual(['card', 'upi', 'cod']);
      expect(radios.map((radio) => (radio as HTMLInputElement).disabled)).toEqual([false, true, true]);
      expect(screen.getByRole('radio', { name: 'Card' })).toBeChecked();
    });

    it("says the server's refusal of a cash order and stays on the page, the cart kept", async () => {
      checkoutOf({
        ...offering({ available: true }),
        'POST /order/cash-on-delivery': () =>
          apiFailure(400, 'Cash on delivery is not available for pin code 560001; pay by card or UPI.'),
      });
      const { router } = render();
      await userEvent.click(await screen.findByRole('radio', { name: 'Cash on delivery' }));
      const place = await screen.findByRole('button', { name: 'Place Order - ₹670.82' });
      await userEvent.click(place);
      expect(
        await screen.findByText('Cash on delivery is not available for pin code 560001; pay by card or UPI.'),
      ).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/process/payment');
      expect(place).toBeEnabled();
      expect(cartStore.getState().cartItems).toHaveLength(1);
    });
  });

  describe('UPI (issue 25)', () => {
    const UPI_ID = `upi_${'2'.repeat(24)}`;
    const upiPayment = (status: string, extra: object = {}) => ({
      id: UPI_ID,
      status,
      amount: 67082,
      vpa: 'success@razorpay',
      expiresAt: new Date(Date.now() + 300_000).toISOString(),
      upiLink: `upi://pay?pa=shop%40upi&pn=Shop&am=670.82&cu=INR&tr=${UPI_ID}`,
      ...extra,
    });
    const withUpi = (outcome: object) =>
      checkoutOf({
        'GET /payment/methods': () => ({
          success: true,
          methods: [
            { method: 'card', available: true },
            { method: 'upi', available: true },
          ],
        }),
        'POST /payment/upi': () => ({ success: true, payment: upiPayment('pending') }),
        [`GET /payment/upi/${UPI_ID}`]: () => ({ success: true, payment: outcome }),
      });

    it('checks the UPI ID, sends the collect request for the cart, waits with the time left and a QR code, then /success', async () => {
      const calls = withUpi(upiPayment('succeeded', { orderId: 'a'.repeat(24) }));
      const { router } = render();
      await userEvent.click(await screen.findByRole('radio', { name: 'UPI' }));
      const vpa = await screen.findByLabelText(/^UPI ID/);
      await userEvent.type(vpa, 'not a vpa');
      await userEvent.click(screen.getByRole('button', { name: 'Pay - ₹670.82' }));
      expect(await screen.findByText('Enter your UPI ID as name@bank')).toBeInTheDocument();
      expect(calls.some((call) => call.path === '/payment/upi')).toBe(false);

      await userEvent.clear(vpa);
      await userEvent.type(vpa, 'success@razorpay');
      await userEvent.click(screen.getByRole('button', { name: 'Pay - ₹670.82' }));
      expect(await screen.findByRole('timer')).toHaveTextContent(/Time left: [45]:\d\d/);
      expect(screen.getByRole('img', { name: 'UPI QR code: pay ₹670.82' })).toBeInTheDocument();
      // A phone's button to the UPI app (hidden on this desktop-wide screen), with the same link.
      expect(screen.getByText('Open UPI app').closest('a')).toHaveAttribute(
        'href',
        upiPayment('pending').upiLink,
      );
      expect(calls.find((call) => call.path === '/payment/upi')!.body).toEqual({
        orderItems: [{ product: product._id, name: 'T-Shirt', image: '', price: 399, quantity: 1 }],
        shippingInfo: address,
        vpa: 'success@razorpay',
      });
      await waitFor(() => expect(router.state.location.pathname).toBe('/success'), { timeout: 4000 });
      expect(cartStore.getState().cartItems).toEqual([]);
      // The server placed the order: the browser never sends one.
      expect(calls.some((call) => call.path === '/order/new')).toBe(false);
    });

    it("says the provider's decline and gives the Pay button back", async () => {
      withUpi(
        upiPayment('failed', { message: 'The UPI payment was declined by the payer in their UPI app.' }),
      );
      const { router } = render();
      await userEvent.click(await screen.findByRole('radio', { name: 'UPI' }));
      await userEvent.type(await screen.findByLabelText(/^UPI ID/), 'failure@razorpay');
      await userEvent.click(screen.getByRole('button', { name: 'Pay - ₹670.82' }));
      expect(
        await screen.findByText('The UPI payment was declined by the payer in their UPI app.', undefined, {
          timeout: 4000,
        }),
      ).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Pay - ₹670.82' })).toBeEnabled();
      expect(router.state.location.pathname).toBe('/process/payment');
      expect(sessionStorage.getItem('pendingUpiPayment')).toBeNull();
    });
  });

  describe("Razorpay's checkout, when config.json has its key (issue 25, item 5)", () => {
    const RZP_ID = `rzp_${'c'.repeat(24)}`;
    const checkout = {
      id: RZP_ID,
      status: 'pending',
      amount: 67082,
      currency: 'INR',
      keyId: 'rzp_test_key',
      orderId: 'order_Fake1',
      expiresAt: new Date(Date.now() + 300_000).toISOString(),
    };
    const answer = {
      razorpay_order_id: 'order_Fake1',
      razorpay_payment_id: 'pay_Fake2',
      razorpay_signature: 'a'.repeat(64),
    };

    it('opens the checkout for the server’s order, and the verified answer ends on /success', async () => {
      const opened: Record<string, unknown>[] = [];
      // checkout.js is "loaded": the page uses window.Razorpay and adds no script again.
      vi.stubGlobal(
        'Razorpay',
        class {
          constructor(options: Record<string, unknown>) {
            opened.push(options);
          }
          on() {}
          open() {
            (opened.at(-1)!.handler as (value: typeof answer) => void)(answer);
          }
        },
      );
      const calls = checkoutOf({
        'GET /payment/methods': () => ({
          success: true,
          methods: [
            { method: 'card', available: true },
            { method: 'upi', available: true },
          ],
        }),
        'POST /payment/razorpay/order': () => ({ success: true, payment: checkout }),
        'POST /payment/razorpay/verify': () => ({
          success: true,
          payment: {
            id: RZP_ID,
            status: 'succeeded',
            amount: 67082,
            vpa: '',
            expiresAt: checkout.expiresAt,
            upiLink: 'upi://pay',
            orderId: 'a'.repeat(24),
          },
        }),
      });
      const { router } = render({ provider: 'local', razorpayKeyId: 'rzp_test_key' });
      expect(screen.getByRole('heading', { name: 'Card Info' })).toBeInTheDocument();
      await userEvent.click(await screen.findByRole('radio', { name: 'UPI' }));
      await userEvent.click(await screen.findByRole('button', { name: 'Pay - ₹670.82' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/success'));
      expect(opened[0]).toMatchObject({ key: 'rzp_test_key', order_id: 'order_Fake1', amount: 67082 });
      expect(calls.find((call) => call.path === '/payment/razorpay/verify')!.body).toEqual({
        id: RZP_ID,
        ...answer,
      });
      expect(calls.some((call) => call.path === '/order/new' || call.path === '/payment/upi')).toBe(false);
      expect(document.querySelector('script[src*="razorpay"]')).toBeNull();
    });

    it('never loads Razorpay without its key: UPI is the local collect request', async () => {
      checkoutOf({
        'GET /payment/methods': () => ({
          success: true,
          methods: [
            { method: 'card', available: true },
            { method: 'upi', available: true },
          ],
        }),
      });
      render();
      await userEvent.click(await screen.findByRole('radio', { name: 'UPI' }));
      expect(await screen.findByLabelText(/^UPI ID/)).toBeInTheDocument();
      expect(document.querySelector('script[src*="razorpay"]')).toBeNull();
    });
  });
});
