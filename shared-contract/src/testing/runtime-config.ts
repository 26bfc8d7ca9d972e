import type { RuntimeConfig } from '../runtime-config.ts';

/**
 * A deployment's config.json for tests: the local sign-in and card providers, the storefront's manifest
 * on a CDN (where releases live) and the admin's on its local port. Tests spread it to change a field.
 */
export const testRuntimeConfig: RuntimeConfig = {
  apiBaseUrl: 'http://localhost:3000/api/v1',
  auth: { provider: 'local' },
  payments: { provider: 'local' },
  remotes: {
    storefront: 'https://cdn.example.com/storefront/mf-manifest.json',
    admin: 'http://localhost:4002/mf-manifest.json',
  },
};
