import { sessionStore } from '@shop/shared-auth';
import { cartStore } from '@shop/shared-cart';
import { loadOverlays } from '@shop/shared-ui';
import type * as SharedUi from '@shop/shared-ui';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { admin, renderPage, resetSession, shopper } from '../test-support/render.tsx';
import { Navbar } from './Navbar.tsx';
import type * as NavbarSearchModule from './NavbarSearch.tsx';

// The overlays entry arrives when the test says so: the first test presses the avatar before that.
const overlaysGate = vi.hoisted(() => {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open, loading: undefined as Promise<unknown> | undefined };
});
vi.mock('@shop/shared-ui', async (importOriginal) => {
  const original = await importOriginal<typeof SharedUi>();
  const loading = overlaysGate.opened.then(() => original.loadOverlays());
  overlaysGate.loading = loading;
  return { ...original, loadOverlays: vi.fn(() => loading) };
});

// How often the search box is drawn: the session's arrival must not draw the bar's unchanging parts again.
const searchRenders = vi.hoisted(() => ({ count: 0 }));
vi.mock('./NavbarSearch.tsx', async (importOriginal) => {
  const { NavbarSearch } = await importOriginal<typeof NavbarSearchModule>();
  return {
    NavbarSearch: () => {
      searchRenders.count += 1;
      return <NavbarSearch />;
    },
  };
});

const line = (product: string) => ({
  product,
  name: product,
  price: 100,
  image: '/x.png',
  stock: 3,
  quantity: 1,
});
const phone = () =>
  (window as unknown as { happyDOM: { setViewport: (size: object) => void } }).happyDOM.setViewport({
    width: 390,
    height: 844,
  });
const renderNavbar = () =>
  renderPage(<Navbar />, { path: '/', routes: [{ path: '/about', element: <Navbar /> }] });

describe('Navbar', () => {
  beforeEach(() => {
    // A phone-sized window for the mobile menu tests (the desktop links are hidden below md anyway).
    (window as unknown as { happyDOM: { setViewport: (size: object) => void } }).happyDOM.setViewport({
      width: 1024,
      height: 768,
    });
    localStorage.clear();
    cartStore.setState({ cartItems: [] });
  });

  it('shows the shop links and Login to a guest', () => {
    resetSession();
    renderNavbar();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Home', 'Products', 'About', 'Contact', 'Search']);
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('button', { name: /Account menu/ })).not.toBeInTheDocument();
  });

  it("a signed-in page asks for the menu's code only when the avatar is focused, pointed at or pressed", async () => {
    vi.mocked(loadOverlays).mockClear();
    renderNavbar();
    await act(async () => resetSession(shopper));
    const avatar = screen.getByRole('button', { name: 'Account menu for Shopper' });
    expect(loadOverlays).not.toHaveBeenCalled();
    act(() => avatar.focus());
    expect(loadOverlays).toHaveBeenCalled();
  });

  it('opens the dropdown pressed before the overlays entry arrived', async () => {
    // Each step that suspends the menu runs in an awaited act: React retries a suspended render only there.
    renderNavbar();
    await act(async () => resetSession(shopper));
    const avatar = screen.getByRole('button', { name: 'Account menu for Shopper' });
    expect(avatar).not.toHaveAttribute('aria-haspopup');
    // Not userEvent: its events run in a synchronous act, and the press suspends the menu again.
    await act(async () => avatar.click());
    await act(async () => {
      overlaysGate.open();
      await overlaysGate.loading;
    });
    expect(await screen.findByRole('menuitem', { name: 'Orders' })).toBeInTheDocument();
  });

  it('shows a shopper the Profile link and a dropdown without Dashboard, with the cart count', async () => {
    resetSession(shopper);
    cartStore.setState({ cartItems: [line('a'), line('b')] });
    renderNavbar();
    expect(screen.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/account');
    await userEvent.click(screen.getByRole('button', { name: 'Account menu for Shopper' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['Orders', 'Profile', 'Cart (2)', 'Logout']);
  });

  it('puts Dashboard first for an admin', async () => {
    resetSession(admin);
    renderNavbar();
    await userEvent.click(screen.getByRole('button', { name: /Account menu/ }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Dashboard',
      'Orders',
      'Profile',
      'Cart (0)',
      'Logout',
    ]);
  });

  it('keeps the cart count live', async () => {
    resetSession(shopper);
    renderNavbar();
    act(() => cartStore.setState({ cartItems: [line('a')] }));
    await userEvent.click(screen.getByRole('button', { name: /Account menu/ }));
    expect(await screen.findByRole('menuitem', { name: 'Cart (1)' })).toBeInTheDocument();
  });

  it('navigates from the dropdown', async () => {
    resetSession(shopper);
    const { router } = renderNavbar();
    await userEvent.click(screen.getByRole('button', { name: /Account menu/ }));
    await screen.findByRole('menuitem', { name: 'Orders' });
    // happy-dom's pointer events do not select a menu item; the keyboard path is the same selection.
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(router.state.location.pathname).toBe('/orders/me');
  });

  it("logs out: clears the user, toasts 'Logout Successfully' and goes home", async () => {
    resetSession(shopper);
    const signOut = vi.fn(async () => {});
    sessionStore.setState({ adapter: { getToken: async () => 'token', signOut } });
    const { router } = renderPage(<Navbar />, {
      path: '/about',
      routes: [{ path: '/', element: <Navbar /> }],
    });
    await userEvent.click(screen.getByRole('button', { name: /Account menu/ }));
    await screen.findByRole('menuitem', { name: 'Logout' });
    await userEvent.keyboard('{End}{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(signOut).toHaveBeenCalled();
    expect(screen.getByRole('status')).toHaveTextContent('Logout Successfully');
    expect(screen.getByRole('link', { name: 'Login' })).toBeInTheDocument();
  });

  it('opens the mobile menu, keeps focus inside, closes on Escape and returns focus', async () => {
    resetSession(shopper);
    phone();
    renderNavbar();
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    await userEvent.click(toggle);
    const menu = await screen.findByRole('dialog', { name: 'Menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(menu).toContainElement(document.activeElement as HTMLElement);
    expect(within(menu).getByRole('link', { name: 'Cart (0)' })).toBeInTheDocument();
    await userEvent.tab({ shift: true });
    expect(menu).toContainElement(document.activeElement as HTMLElement);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument());
    expect(toggle).toHaveFocus();
  });

  it('closes the mobile menu when a link is followed', async () => {
    resetSession();
    phone();
    const { router } = renderNavbar();
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = await screen.findByRole('dialog', { name: 'Menu' });
    await userEvent.click(within(menu).getByRole('link', { name: 'About' }));
    expect(router.state.location.pathname).toBe('/about');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument());
  });

  it('keeps Login in place but hidden while the session is restored, and shows it for a guest without drawing the bar again', async () => {
    resetSession();
    sessionStore.setState({ status: 'loading' });
    renderNavbar();
    const login = screen.getByText('Login').closest('a')!;
    expect(login).toHaveStyle({ visibility: 'hidden' });
    expect(screen.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
    const drawn = searchRenders.count;

    await act(async () => sessionStore.setState({ status: 'signedOut' }));
    expect(screen.getByRole('link', { name: 'Login' })).toBe(login);
    expect(login).not.toHaveStyle({ visibility: 'hidden' });
    expect(searchRenders.count).toBe(drawn);
  });
});
