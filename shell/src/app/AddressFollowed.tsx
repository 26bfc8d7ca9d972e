import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

/**
 * Back or Forward pressed while React hydrates the page is followed, not lost. `BrowserRouter` reads the
 * address when it first renders and listens for Back and Forward only from its layout effect: on a
 * server-rendered page hydration takes a while between the two, and a Back in that window changed the
 * address bar while the page stayed on the previous list (seen in CI: the address said page 2, the cards
 * were the Laptop list). Once the router listens (this effect runs after its layout effect), the address it
 * missed is taken as it is.
 */
export function AddressFollowed() {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const shown = `${location.pathname}${location.search}${location.hash}`;
    const { pathname, search, hash } = window.location;
    const address = `${pathname}${search}${hash}`;
    if (address !== shown)
      void navigate(address, {
        replace: true,
        state: (window.history.state as { usr?: unknown } | null)?.usr,
      });
    // Once, at mount: later changes reach the router through its own listener.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return null;
}
