import type { RouteObject } from 'react-router-dom';
import { Navigate } from 'react-router-dom';
import { NavbarPlaceholder } from '../features/navigation/Navbar.tsx';
import { AboutPage } from '../features/static-pages/AboutPage.tsx';
import { NotFoundPage } from '../features/not-found/NotFoundPage.tsx';
import { AppFrame } from './AppFrame.tsx';
import { RemoteRoutes } from './remotes/RemoteRoutes.tsx';

/**
 * Every route of the shop. The shell owns its own pages; `/admin/*` and everything else are handed to the
 * admin and storefront remotes, which render their own <Routes> and the shell's 'Page Not Found' for
 * paths they do not own. A remote adds a route without a shell release.
 */
export const shopRoutes: RouteObject[] = [
  {
    element: <AppFrame navbar={<NavbarPlaceholder />} />,
    children: [
      // --- shell pages (session issue plugs its pages in here) ---
      { path: '/about', element: <AboutPage /> },

      // --- remotes ---
      {
        path: '/admin/*',
        // Placeholder guard until the session lands: nobody is an admin yet, so admin code never loads.
        element: <Navigate to="/login" replace />,
      },
      {
        path: '*',
        element: <RemoteRoutes name="storefront" title="The storefront" notFound={<NotFoundPage />} />,
      },
    ],
  },
];

/** Used by the admin guard once an admin is let through. */
export function AdminRemote() {
  return <RemoteRoutes name="admin" title="The admin panel" notFound={<NotFoundPage />} />;
}
