import { loadAdminCalls } from '@shop/shared-api';
import { RequireAdmin, RequireAuth } from '@shop/shared-auth';
import { loadDataDisplay, preloadableLazy } from '@shop/shared-ui';
import { matchRoutes, type RouteObject } from 'react-router-dom';
import { Footer } from '../features/navigation/Footer.tsx';
import { Navbar } from '../features/navigation/Navbar.tsx';
import { NotFoundPage } from '../features/not-found/NotFoundPage.tsx';
import { AppFrame } from './AppFrame.tsx';
import { RemoteRoutes } from './remotes/RemoteRoutes.tsx';

// Every page of the shell is a chunk of its own, as the remotes' are: the storefront's pages, where most
// visits land, download none of them (1.9 KB gzip on `/` for the account, about and contact pages), and a
// form's page brings zod (about 25 KB gzip) with it instead of putting it on every page (docs/performance.md).
const loginPage = preloadableLazy(async () => ({
  default: (await import('../features/auth/LoginPage.tsx')).LoginPage,
}));
const forgotPasswordPage = preloadableLazy(async () => ({
  default: (await import('../features/password/ForgotPasswordPage.tsx')).ForgotPasswordPage,
}));
const resetPasswordPage = preloadableLazy(async () => ({
  default: (await import('../features/password/ResetPasswordPage.tsx')).ResetPasswordPage,
}));
const updatePasswordPage = preloadableLazy(async () => ({
  default: (await import('../features/password/UpdatePasswordPage.tsx')).UpdatePasswordPage,
}));
const updateProfilePage = preloadableLazy(async () => ({
  default: (await import('../features/account/UpdateProfilePage.tsx')).UpdateProfilePage,
}));
const accountPage = preloadableLazy(async () => ({
  default: (await import('../features/account/AccountPage.tsx')).AccountPage,
}));
const aboutPage = preloadableLazy(async () => ({
  default: (await import('../features/static-pages/AboutPage.tsx')).AboutPage,
}));
const contactPage = preloadableLazy(async () => ({
  default: (await import('../features/static-pages/ContactPage.tsx')).ContactPage,
}));

/** The shell's pages that are chunks of their own, by address: fetched first on a page they were rendered for. */
const chunkedPages = [
  { path: '/login', page: loginPage },
  { path: '/password/forgot', page: forgotPasswordPage },
  { path: '/password/reset/:token', page: resetPasswordPage },
  { path: '/password/update', page: updatePasswordPage },
  { path: '/me/update', page: updateProfilePage },
  { path: '/account', page: accountPage },
  { path: '/about', page: aboutPage },
  { path: '/contact', page: contactPage },
];

/** Fetches the code of the shell's page at `pathname` when it is a chunk of its own; a failure is the page's. */
export async function preloadShellPage(pathname: string): Promise<void> {
  const [match] = matchRoutes(chunkedPages, pathname) ?? [];
  await match?.route.page.preload().catch(() => {});
}

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
      { path: '/login', element: <loginPage.Page /> },
      { path: '/password/forgot', element: <forgotPasswordPage.Page /> },
      { path: '/password/reset/:token', element: <resetPasswordPage.Page /> },
      { path: '/about', element: <aboutPage.Page /> },
      { path: '/contact', element: <contactPage.Page /> },

      // --- shell pages: signed in (guests go to /login and come back) ---
      {
        path: '/account',
        element: (
          <RequireAuth>
            <accountPage.Page />
          </RequireAuth>
        ),
      },
      {
        path: '/me/update',
        element: (
          <RequireAuth>
            <updateProfilePage.Page />
          </RequireAuth>
        ),
      },
      {
        path: '/password/update',
        element: (
          <RequireAuth>
            <updatePasswordPage.Page />
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
  // The admin's tables and stats are a chunk of the design system's own, and its api calls a chunk of the
  // api client's (no guest page needs either): fetched beside the remote, they are here before its first
  // table and its first call.
  void loadDataDisplay();
  // A failed load here is not the admin's error yet: the first call tries again and shows its own.
  loadAdminCalls().catch(() => undefined);
  return <RemoteRoutes name="admin" title="The admin panel" notFound={<NotFoundPage />} />;
}
