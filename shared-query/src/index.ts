/**
 * The query cache the shell and the remotes share at run time: only the parts of TanStack Query the shop
 * uses. Federation shares a package whole, so sharing @tanstack/react-query put its 55 exports in the
 * shell's first file on every page; this module re-exports what the apps import and the bundler drops the
 * rest (docs/performance.md, "TanStack Query shared as its used exports").
 *
 * The apps keep writing `import ... from '@tanstack/react-query'`: their Vite builds alias that specifier
 * here (`federation.shared.ts`), so tests and editors use TanStack Query itself. An import of a name missing
 * here fails the build, not the page: add it below. This module reaches the library under another name
 * (`tanstack-react-query`, an npm alias of the same package) so that the alias does not bring it back here.
 *
 * The package's version is the TanStack Query version it carries, so the version-skew check compares
 * majors as for the other shared libraries. Releases built before this package asked for the share
 * `@tanstack/react-query`; the shell still lends this module under that name (`LEGACY_SHARE_NAMES`).
 */
export {
  defaultShouldDehydrateQuery,
  dehydrate,
  hydrate,
  keepPreviousData,
  QueryClient,
  QueryClientProvider,
  queryOptions,
  useMutation,
  useQueries,
  useQuery,
  useQueryClient,
} from 'tanstack-react-query';
