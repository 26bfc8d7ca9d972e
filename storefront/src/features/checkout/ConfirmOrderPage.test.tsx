import { aProduct, apiFailure, fakeApi } from '@shop/shared-api/testing';
import { cartStore } from '@shop/shared-cart';
import { renderPage, resetSession, shopper } from '@shop/shared-auth/testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ConfirmOrderPage from './ConfirmOrderPage.tsx';

const address = {
  address: '12 MG Road',
  city: 'Bengaluru',
  state: 'Karnataka',
  country: 'India',
  pinCode: '560001',
  phoneNo: '9876543210',
};
const tshirt = aProduct(1, { name: 'T-Shirt', price: 399, stock: 50 });
const lamp = aProduct(2, { name: 'Lamp', price: 1500, stock: 3 });
const asLine = (product: typeof tshirt, quantity: number) => ({
  product: product._id,
  name: product.name,
  price: product.price,
  image: '',
  stock: product.stock,
  quantity,
});
const render = () => renderPage(<ConfirmOrderPage />, { path: '/order/confirm' });

describe('/order/confirm', () => {
  beforeEach(() => {
    resetSession(shopper);
    sessionStorage.clear();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the address and the figures: ₹200 shipping up to ₹1,000, 18% GST, and keeps them for payment', async () => {
    fakeApi({ [`GET /product/${tshirt._id}`]: () => ({ success: true, product: tshirt }) });
    cartStore.setState({ shippingInfo: address, cartItems: [asLine(tshirt, 1)] });
    const { router } = render();
    expect(screen.getByText(/12 MG Road, Bengaluru, Karnataka, 560001, India/)).toBeInTheDocument();
    expect(screen.getByText('₹200.00')).toBeInTheDocument();
    expect(screen.getByText('₹71.82')).toBeInTheDocument();
    expect(screen.getByTestId('order-total')).toHaveTextContent('₹670.82');
    await userEvent.click(await screen.findByRole('button', { name: 'Proceed To Payment' }));
    expect(router.state.location.pathname).toBe('/process/payment');
    expect(JSON.parse(sessionStorage.getItem('orderInfo')!)).toEqual({
      subtotal: 399,
      shippingCharges: 200,
      tax: 71.82,
      totalPrice: 670.82,
    });
  });

  it("updates the cart to today's price and stock before the shopper confirms, and says so", async () => {
    fakeApi({
      [`GET /product/${tshirt._id}`]: () => ({ success: true, product: { ...tshirt, price: 449 } }),
      [`GET /product/${lamp._id}`]: () => apiFailure(404, 'Product not found'),
    });
    cartStore.setState({ shippingInfo: address, cartItems: [asLine(tshirt, 3), asLine(lamp, 1)] });
    render();
    expect(await screen.findByText('The price of T-Shirt has changed.')).toBeInTheDocument();
    expect(screen.getByText('Lamp is no longer sold and was removed from your cart.')).toBeInTheDocument();
    expect(cartStore.getState().cartItems).toEqual([
      { ...asLine(tshirt, 3), price: 449, image: tshirt.images[0]!.url },
    ]);
    // 3 × ₹449 = ₹1,347: free shipping, GST ₹242.46.
    expect(screen.getByTestId('order-total')).toHaveTextContent('₹1,589.46');
  });

  it('sends a shopper without an address to /shipping', () => {
    cartStore.setState({ shippingInfo: null, cartItems: [asLine(tshirt, 1)] });
    const { router } = render();
    expect(router.state.location.pathname).toBe('/shipping');
  });
});
