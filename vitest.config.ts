import { defineConfig } from 'vitest/config';

// One runner for every package: each app and package is a project with its own environment.
export default defineConfig({
  test: {
    projects: [
      'shell',
      'storefront',
      'admin',
      'shared-api',
      'shared-auth',
      'shared-ui',
      'shared-contract',
      'shared-cart',
      'api',
      'page-server',
      'release-tool',
      'scripts',
    ],
  },
});
