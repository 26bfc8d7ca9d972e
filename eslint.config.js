import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const designSystemOnly = [
  {
    name: '@chakra-ui/react',
    message:
      "Import components from '@shop/shared-ui' (the design system) or its '/overlays', '/slider' entries.",
  },
  { name: '@emotion/react', message: "Style with the design system's components and tokens." },
];
// The shell provides the design system's on-demand entries; importing one, even from a lazy chunk, would
// have the federation runtime load it at start-up on every page (shared-ui/src/load-overlays.ts).
const shellOnDemand = [
  { name: '@shop/shared-ui/overlays', message: "The shell calls loadOverlays() from '@shop/shared-ui'." },
  { name: '@shop/shared-ui/slider', message: 'The shell provides this entry; it does not import it.' },
];
// Every storefront page loads its app layer and home page with the remote: there the overlays are fetched
// on first use (loadOverlayEntry), or every page would download them.
const storefrontFirstLoad = [
  {
    name: '@shop/shared-ui/overlays',
    message:
      'Mount the overlay on first use and take it from use(loadOverlayEntry()) (src/hooks/overlays.ts).',
  },
];
const featureBoundaries = [
  { group: ['**/features/**', '**/app/**'], message: 'Features do not import each other or the app layer.' },
];
// ESLint keeps only the last matching block's options for a rule, so each block names every restriction
// of its files.
const restrictedImports = (files, paths, patterns = []) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { paths, patterns }] },
});

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/.data/**',
      '**/@mf-types/**',
      '**/.__mf__temp/**',
      'test-results/**',
      'playwright-report/**',
      '.bench/**',
      // The local release store (`pnpm start`, `pnpm bench`): built files, not sources.
      '.releases/**',
      'api/drizzle/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: [
      'shell/**/*.tsx',
      'storefront/**/*.tsx',
      'admin/**/*.tsx',
      'shared-*/**/*.tsx',
      'shared-*/**/*.ts',
    ],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  // Every app and shared-auth take Chakra from the design system: in a remote a direct import would load
  // a second Chakra without the shell's provider (federation.shared.ts); everywhere it would let screens
  // drift from the shop's one look.
  restrictedImports(['storefront/src/**', 'admin/src/**', 'shared-auth/src/**'], designSystemOnly),
  restrictedImports(['shell/src/**'], [...designSystemOnly, ...shellOnDemand]),
  // The shell's server entry runs on the page server, never in a page: it lends every share to the
  // storefront's server entry (the on-demand entries too) and gives emotion the cache it gathers styles
  // from (docs/federation.md, "Server rendering").
  restrictedImports(
    ['shell/src/server/**'],
    designSystemOnly.filter(({ name }) => name !== '@emotion/react'),
  ),
  restrictedImports(['storefront/src/app/**'], [...designSystemOnly, ...storefrontFirstLoad]),
  // Features never reach into each other or into the app layer.
  restrictedImports(
    ['admin/src/features/**', 'storefront/src/features/**'],
    designSystemOnly,
    featureBoundaries,
  ),
  restrictedImports(['shell/src/features/**'], [...designSystemOnly, ...shellOnDemand], featureBoundaries),
  restrictedImports(
    ['storefront/src/features/home/**'],
    [...designSystemOnly, ...storefrontFirstLoad],
    featureBoundaries,
  ),
);
