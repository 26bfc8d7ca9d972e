import { aProduct } from '@shop/shared-api/testing';
import { cartStore } from '@shop/shared-cart';
import { renderPage, resetSession, shopper } from '@shop/shared-auth/testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import ShippingPage from './ShippingPage.tsx';

const render = () => renderPage(<ShippingPage />, { path: '/shipping' });

describe('/shipping', () => {
  beforeEach(() => {
    resetSession(shopper);
    const product = aProduct(1);
    cartStore.setState({
      shippingInfo: null,
      cartItems: [{ product: product._id, name: product.name, price: 100, image: '', stock: 5, quantity: 1 }],
    });
  });

  it('requires all six fields, numeric pin and phone, and says a short phone in a toast too', async () => {
    render();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('Address is required')).toBeInTheDocument();
    expect(screen.getByText('City is required')).toBeInTheDocument();
    expect(screen.getByText('State is required')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Address/)).toHaveFocus();
    await userEvent.type(screen.getByLabelText(/^Pin Code/), '56a');
    await userEvent.type(screen.getByLabelText(/^Phone Number/), '98765');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('Pin code must contain digits only')).toBeInTheDocument();
    expect(screen.getAllByText('Phone Number should be 10 digit long')).toHaveLength(2); // field and toast
    expect(cartStore.getState().shippingInfo).toBeNull();
  });

  it('offers India first with its states, saves under shippingInfo and goes on to confirm', async () => {
    const { router } = render();
    const country = screen.getByLabelText(/^Country/) as HTMLSelectElement;
    expect(country.value).toBe('India');
    expect(country.options[0]!.value).toBe('India');
    expect([...country.options].map((option) => option.value)).toContain('Japan');
    await userEvent.type(screen.getByLabelText(/^Address/), '12 MG Road');
    await userEvent.type(screen.getByLabelText(/^City/), 'Bengaluru');
    await userEvent.type(screen.getByLabelText(/^Pin Code/), '560001');
    await userEvent.type(screen.getByLabelText(/^Phone Number/), '9876543210');
    await userEvent.selectOptions(screen.getByLabelText(/^State/), 'Karnataka');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(router.state.location.pathname).toBe('/order/confirm');
    const saved = {
      address: '12 MG Road',
      city: 'Bengaluru',
      state: 'Karnataka',
      country: 'India',
      pinCode: '560001',
      phoneNo: '9876543210',
    };
    expect(cartStore.getState().shippingInfo).toEqual(saved);
    expect(JSON.parse(localStorage.getItem('shippingInfo')!)).toEqual(saved);
  });

  it('asks for the state as text outside India, and clears a state that no longer applies', async () => {
    render();
    await userEvent.selectOptions(screen.getByLabelText(/^State/), 'Goa');
    await userEvent.selectOptions(screen.getByLabelText(/^Country/), 'Japan');
    const state = screen.getByLabelText(/^State/);
    expect(state.tagName).toBe('INPUT');
    expect(state).toHaveValue('');
  });

  it('sends an empty cart back to /cart', () => {
    cartStore.setState({ cartItems: [] });
    const { router } = render();
    expect(router.state.location.pathname).toBe('/cart');
  });
});
