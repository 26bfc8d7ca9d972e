import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const designSystemOnly = [
  { name: '@chakra-ui/react', message: "Import components from '@shop/shared-ui' (the design system)." },
  { name: '@emotion/react', message: "Style with the design system's components and tokens." },
];
const featureBoundaries = [
  { group: ['**/features/**', '**/app/**'], message: 'Features do not import each other or the app layer.' },
];

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
  {
    // Every app and shared-auth take Chakra from the design system: in a remote a direct import would load
    // a second Chakra without the shell's provider (federation.shared.ts); everywhere it would let screens
    // drift from the shop's one look.
    files: ['shell/src/**', 'storefront/src/**', 'admin/src/**', 'shared-auth/src/**'],
    rules: { 'no-restricted-imports': ['error', { paths: designSystemOnly }] },
  },
  {
    // Features never reach into each other or into the app layer.
    files: ['shell/src/features/**', 'storefront/src/features/**', 'admin/src/features/**'],
    rules: { 'no-restricted-imports': ['error', { paths: designSystemOnly, patterns: featureBoundaries }] },
  },
);
