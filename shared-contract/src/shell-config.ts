import { REMOTE_MANIFEST_FILE, type ShopPorts } from './deploy.ts';
import { runtimeConfigSchema, type RuntimeConfig } from './runtime-config.ts';

/**
 * The config.json of a deployment on `ports`: providers switch to Clerk and Stripe when their publishable
 * keys are present (Razorpay's checkout with RAZORPAY_KEY_ID), and each address can be pointed elsewhere (a CDN, a new remote release).
 */
export function shellConfig(ports: ShopPorts, env: Record<string, string | undefined>): RuntimeConfig {
  const host = (port: number) => `http://localhost:${port}`;
  return runtimeConfigSchema.parse({
    apiBaseUrl: env.PUBLIC_API_URL ?? `${host(ports.api)}/api/v1`,
    auth: env.CLERK_PUBLISHABLE_KEY
      ? { provider: 'clerk', publishableKey: env.CLERK_PUBLISHABLE_KEY }
      : { provider: 'local' },
    payments: {
      ...(env.STRIPE_PUBLISHABLE_KEY
        ? { provider: 'stripe', publishableKey: env.STRIPE_PUBLISHABLE_KEY }
        : { provider: 'local' }),
      // The api takes Razorpay with RAZORPAY_KEY_ID and its secret; the browser needs only the key id.
      ...(env.RAZORPAY_KEY_ID ? { razorpayKeyId: env.RAZORPAY_KEY_ID } : {}),
    },
    ...(env.REAL_USER_SAMPLE_RATE === undefined
      ? {}
      : { realUserSampleRate: Number(env.REAL_USER_SAMPLE_RATE) }),
    remotes: {
      storefront: env.STOREFRONT_MANIFEST_URL ?? `${host(ports.storefront)}/${REMOTE_MANIFEST_FILE}`,
      admin: env.ADMIN_MANIFEST_URL ?? `${host(ports.admin)}/${REMOTE_MANIFEST_FILE}`,
    },
  });
}
