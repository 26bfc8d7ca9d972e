import { RequireAdmin, RequireAuth } from '@shop/shared-auth';
import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import { AccountPage } from '../features/account/AccountPage.tsx';
import { Footer } from '../features/navigation/Footer.tsx';
import { Navbar } from '../features/navigation/Navbar.tsx';
import { NotFoundPage } from '../features/not-found/NotFoundPage.tsx';
import { AboutPage } from '../features/static-pages/AboutPage.tsx';
import { ContactPage } from '../features/static-pages/ContactPage.tsx';
import { AppFrame } from './AppFrame.tsx';
import { RemoteRoutes } from './remotes/RemoteRoutes.tsx';

// The pages with a form are chunks of their own: a form validates with the contract's schemas, and zod
// (about 25 KB gzip) then loads with the first form instead of on every page (docs/performance.md).
const LoginPage = lazy(async () => ({ default: (await import('../features/auth/LoginPage.tsx')).LoginPage }));
const ForgotPasswordPage = lazy(async () => ({
  default: (await import('../features/password/ForgotPasswordPage.tsx')).ForgotPasswordPage,
}));
const ResetPasswordPage = lazy(async () => ({
  default: (await import('../features/password/ResetPasswordPage.tsx')).ResetPasswordPage,
}));
const UpdatePasswordPage = lazy(async () => ({
  default: (await import('../features/password/UpdatePasswordPage.tsx')).UpdatePasswordPage,
}));
const UpdateProfilePage = lazy(async () => ({
  default: (await import('../features/account/UpdateProfilePage.tsx')).UpdateProfilePage,
}));

/**
 * Every route of the shop. The shell owns its own pages; `/admin/*` and everything else are handed to the
 * admin and storefront remotes, which render their own <Routes> and the shell's 'Page Not Found' for
 * paths they do not own. A remote adds a route without a shell release.
 */
export const shopRoutes: RouteObject[] = [
  {
    element: <AppFrame navbar={<Navbar />} footer={<Footer />} />,
    children: [
      // --- shell pages: public ---
      { path: '/login', element: <LoginPage /> },
      { path: '/password/forgot', element: <ForgotPasswordPage /> },
      { path: '/password/reset/:token', element: <ResetPasswordPage /> },
      { path: '/about', element: <AboutPage /> },
      { path: '/contact', element: <ContactPage /> },

      // --- shell pages: signed in (guests go to /login and come back) ---
      {
        path: '/account',
        element: (
          <RequireAuth>
            <AccountPage />
          </RequireAuth>
        ),
      },
      {
        path: '/me/update',
        element: (
          <RequireAuth>
            <UpdateProfilePage />
          </RequireAuth>
        ),
      },
      {
        path: '/password/update',
        element: (
          <RequireAuth>
            <UpdatePasswordPage />
          </RequireAuth>
        ),
      },

      // --- remotes ---
      {
        path: '/admin/*',
        // The admin remote is not rendered, so not requested, until the guard has confirmed an admin.
        element: (
          <RequireAdmin>
            <AdminRemote />
          </RequireAdmin>
        ),
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
