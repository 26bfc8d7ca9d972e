import { apiFailure, fakeApi } from '@shop/shared-api/testing';
import { renderPage, resetSession } from '@shop/shared-auth/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import SearchPage from './SearchPage.tsx';

const laptops = [
  {
    _id: 'a'.repeat(24),
    name: 'AeroBook 14 Laptop',
    price: 54999,
    image: { url: '/uploads/products/a.png' },
  },
  { _id: 'b'.repeat(24), name: 'Laptop Sleeve 14-inch', price: 799, image: null },
];
const render = () => renderPage(<SearchPage />, { path: '/search' });
const announcement = () => screen.getByTestId('search-keyword-announcement');
const box = () => screen.getByRole('combobox', { name: 'Search a product' });
/** A message under the box, also read out by the live region. */
async function shows(message: string) {
  await waitFor(() => expect(announcement()).toHaveTextContent(message));
  expect(screen.getByText(message, { ignore: '[aria-live]' })).toBeVisible();
}
const suggestCalls = (calls: { path: string; query: URLSearchParams }[]) =>
  calls.filter((call) => call.path === '/products/suggest').map((call) => call.query.get('q'));

describe('/search suggestions', () => {
  beforeEach(() => resetSession());
  afterEach(() => vi.unstubAllGlobals());

  it('asks once typing pauses, from two characters, and lists name, price and picture', async () => {
    const calls = fakeApi({ 'GET /products/suggest': () => ({ success: true, products: laptops }) });
    render();
    await userEvent.type(box(), 'l');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(suggestCalls(calls)).toEqual([]);
    await userEvent.type(box(), 'ptop');
    const list = await screen.findByRole('listbox', { name: 'Suggested products' });
    // One request for the word typed at speed, none for each letter.
    expect(suggestCalls(calls)).toEqual(['lptop']);
    const options = within(list).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'AeroBook 14 Laptop₹54,999.00',
      'Laptop Sleeve 14-inch₹799.00',
    ]);
    expect(options[0]!.querySelector('img')).toHaveAttribute('src', '/uploads/products/a.png');
    expect(box()).toHaveAttribute('aria-expanded', 'true');
    expect(announcement()).toHaveTextContent('2 products suggested');
  });

  it('is driven by the keyboard: arrows highlight, Enter opens the product, Escape closes', async () => {
    fakeApi({ 'GET /products/suggest': () => ({ success: true, products: laptops }) });
    const { router } = render();
    await userEvent.type(box(), 'lptop');
    const options = await screen.findAllByRole('option');
    expect(box()).not.toHaveAttribute('aria-activedescendant');

    await userEvent.keyboard('{ArrowDown}');
    expect(box()).toHaveAttribute('aria-activedescendant', options[0]!.id);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    // Past the last line the highlight goes back to the typed text, then round again.
    expect(box()).not.toHaveAttribute('aria-activedescendant');
    await userEvent.keyboard('{ArrowUp}');
    expect(box()).toHaveAttribute('aria-activedescendant', options[1]!.id);
    expect(box()).toHaveFocus();

    await userEvent.keyboard('{Escape}');
    expect(box()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    await userEvent.keyboard('{ArrowDown}');
    expect(box()).toHaveAttribute('aria-expanded', 'true');
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(router.state.location.pathname).toBe(`/product/${'b'.repeat(24)}`);
  });

  it('Enter with no line highlighted still lists the literal keyword, as the spec says', async () => {
    fakeApi({ 'GET /products/suggest': () => ({ success: true, products: laptops }) });
    const { router } = render();
    await userEvent.type(box(), '  lptop ');
    await screen.findAllByRole('option');
    await userEvent.keyboard('{Enter}');
    expect(router.state.location.pathname).toBe('/products/lptop');
  });

  it('a click on a line opens its product', async () => {
    fakeApi({ 'GET /products/suggest': () => ({ success: true, products: laptops }) });
    const { router } = render();
    await userEvent.type(box(), 'lap');
    await userEvent.click(await screen.findByRole('option', { name: /AeroBook/ }));
    expect(router.state.location.pathname).toBe(`/product/${'a'.repeat(24)}`);
  });

  it('aborts the request that newer text outdates', async () => {
    const calls = fakeApi({
      'GET /products/suggest': ({ query }) =>
        query.get('q') === 'lap' ? new Promise(() => {}) : { success: true, products: laptops },
    });
    render();
    await userEvent.type(box(), 'lap');
    await waitFor(() => expect(suggestCalls(calls)).toEqual(['lap']));
    expect(announcement()).toHaveTextContent('Looking for products…');
    await userEvent.type(box(), 'top');
    await screen.findAllByRole('option');
    const requests = vi.mocked(fetch).mock.calls.map(([input]) => input as Request);
    expect(requests.map((request) => new URL(request.url).searchParams.get('q'))).toEqual(['lap', 'laptop']);
    expect(requests[0]!.signal.aborted).toBe(true);
    expect(requests[1]!.signal.aborted).toBe(false);
  });

  it('says when nothing matches, and when suggestions fail, leaving Enter to search', async () => {
    fakeApi({
      'GET /products/suggest': ({ query }) =>
        query.get('q') === 'zzqx' ? { success: true, products: [] } : apiFailure(500, 'Boom'),
    });
    const { router } = render();
    await userEvent.type(box(), 'zzqx');
    await shows('No products match. Press Enter to search anyway.');
    expect(box()).toHaveAttribute('aria-expanded', 'false');
    await userEvent.clear(box());
    await userEvent.type(box(), 'camera');
    await shows('Suggestions are unavailable just now. Press Enter to search.');
    await userEvent.keyboard('{Enter}');
    expect(router.state.location.pathname).toBe('/products/camera');
  });
});
