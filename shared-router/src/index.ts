/**
 * The router the shell and the remotes share at run time: only the parts of react-router the shop uses.
 * Federation shares a package whole, so sharing react-router-dom put all of it on every page (64 KB
 * gzip); this module re-exports what the apps import and the bundler drops the rest (docs/performance.md).
 *
 * The apps keep writing `import ... from 'react-router-dom'`: their Vite builds alias that specifier here
 * (`federation.shared.ts`), so tests and editors use react-router-dom itself and nothing else changes. An
 * import of a name missing here fails the build, not the page: add it below.
 *
 * The package's version is the react-router version it carries, so the shell's version-skew check
 * compares routers by major like the other shared libraries.
 */
//
// Not here on purpose: the data router (createBrowserRouter, RouterProvider, loaders), which the shop
// does not use and which is about half of react-router. Unit tests and the prerender import
// react-router-dom directly (no alias there), so they may still use it.
export {
  BrowserRouter,
  Link,
  matchRoutes,
  Navigate,
  NavLink,
  Outlet,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useNavigationType,
  useParams,
  useRoutes,
  useSearchParams,
  type RouteObject,
} from 'react-router';
