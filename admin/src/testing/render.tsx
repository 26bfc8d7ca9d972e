import { adminUser } from '@shop/shared-api/testing';
import { renderPage, resetSession } from '@shop/shared-auth/testing';
import type { ReactElement } from 'react';
import type { RouteObject } from 'react-router-dom';

export { adminUser };
export { Location } from '@shop/shared-auth/testing';

/** A signed-in admin and no toasts, as the shell leaves the page when it renders the admin remote. */
export function resetAdminSession() {
  resetSession(adminUser);
}

/** An admin page rendered as the shell would, with a signed-in admin (see renderPage). */
export function renderAdmin(
  element: ReactElement,
  options: { path?: string; at?: string; routes?: RouteObject[] } = {},
) {
  resetAdminSession();
  return renderPage(element, options);
}
