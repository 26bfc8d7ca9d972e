import type { ShopPorts } from './apps.ts';

/**
 * The shell's config.json for this deployment. Providers switch to Clerk and Stripe when their
 * publishable keys are present in the environment.
 */
export function shellConfig(ports: ShopPorts, env: NodeJS.ProcessEnv = process.env) {
  const host = (port: number) => `http://localhost:${port}`;
  return {
    apiBaseUrl: env.PUBLIC_API_URL ?? `${host(ports.api)}/api/v1`,
    auth: env.CLERK_PUBLISHABLE_KEY
      ? { provider: 'clerk', publishableKey: env.CLERK_PUBLISHABLE_KEY }
      : { provider: 'local' },
    payments: env.STRIPE_PUBLISHABLE_KEY
      ? { provider: 'stripe', publishableKey: env.STRIPE_PUBLISHABLE_KEY }
      : { provider: 'local' },
    remotes: {
      storefront: env.STOREFRONT_MANIFEST_URL ?? `${host(ports.storefront)}/mf-manifest.json`,
      admin: env.ADMIN_MANIFEST_URL ?? `${host(ports.admin)}/mf-manifest.json`,
    },
  };
}
