import { matchRoutes } from 'react-router-dom';

/**
 * The public links of the sticky bar and the mobile menu (docs/product.md, screens, Navigation). `end`:
 * current on its own address alone (Home), not also on the addresses below it (NavLink's `end`).
 */
export const mainLinks = [
  { to: '/', label: 'Home', end: true },
  { to: '/products', label: 'Products', end: false },
  { to: '/about', label: 'About', end: false },
  { to: '/contact', label: 'Contact', end: false },
  { to: '/search', label: 'Search', end: false },
] as const;

// Made once: React Router keeps what it compiles of a routes array by the array (patches/README.md).
const linkRoutes = mainLinks.map(({ to, end }) => ({ to, routes: [{ path: end ? to : `${to}/*` }] }));

/**
 * The main links a page at `pathname` marks as current: the one thing in a guest's bar that follows the
 * address, so the server keeps one rendered bar for each answer (src/server/frame-parts.ts).
 */
export const currentMainLinks = (pathname: string): string[] =>
  linkRoutes.filter(({ routes }) => matchRoutes(routes, pathname)).map(({ to }) => to);
