import { matchRoutes } from 'react-router-dom';
import { shopRoutes } from './routes.tsx';

/** Whose page an address is: the shell's own, the admin panel's, or the storefront's (everything else). */
export type RouteOwner = 'shell' | 'admin' | 'storefront';

export function routeOwnerOf(pathname: string): RouteOwner {
  const path = matchRoutes(shopRoutes, pathname)?.at(-1)?.route.path;
  if (path === '*') return 'storefront';
  if (path === '/admin/*') return 'admin';
  return 'shell';
}
