import { z } from 'zod';

// No compiled validators (as in shared-api's schemas): zod otherwise probes `new Function('')`, which the
// shop's Content-Security-Policy reports. Set here too, not left to shared-api: the shell parses
// config.json with this schema, and once its shares were bundled eagerly (docs/federation.md, round 3)
// that parse came first and every page reported the probe (e2e/security-headers.spec.ts).
z.config({ jitless: true });

/**
 * The deploy contract: what the shell, the build scripts and the federation config agree on about where the
 * parts of the shop live. One owner, so a port or a remote name is never restated (and never disagrees).
 */

/** The remotes the shell knows, by name only; their addresses come from config.json at run time. */
export const REMOTE_NAMES = ['storefront', 'admin'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

export const APP_NAMES = ['shell', ...REMOTE_NAMES] as const;
export type AppName = (typeof APP_NAMES)[number];

export interface ShopPorts {
  shell: number;
  storefront: number;
  admin: number;
  api: number;
}

/** Ports of the assembled shop (README): each can be overridden by the variable of `portVariables`. */
export const defaultPorts: Readonly<ShopPorts> = { shell: 4000, storefront: 4001, admin: 4002, api: 3000 };

export const portVariables: Readonly<Record<keyof ShopPorts, string>> = {
  shell: 'SHELL_PORT',
  storefront: 'STOREFRONT_PORT',
  admin: 'ADMIN_PORT',
  api: 'API_PORT',
};

type Env = Record<string, string | undefined>;

/** The ports of this run: the defaults, overridden by SHELL_PORT, STOREFRONT_PORT, ADMIN_PORT, API_PORT. */
export function shopPorts(env: Env): ShopPorts {
  const port = (part: keyof ShopPorts) => {
    const name = portVariables[part];
    const value = Number(env[name] ?? defaultPorts[part]);
    if (!Number.isInteger(value) || value < 1 || value > 65535)
      throw new Error(`${name} must be a port number`);
    return value;
  };
  return { shell: port('shell'), storefront: port('storefront'), admin: port('admin'), api: port('api') };
}

/** The file each remote publishes for the shell to find its entry; the only file a CDN must not cache. */
export const REMOTE_MANIFEST_FILE = 'mf-manifest.json';

/**
 * `config.json`, written at deploy time beside the shell's files, so one shell build runs in any
 * environment and a remote team ships by pointing `remotes` at its new manifest.
 */
export const runtimeConfigSchema = z.object({
  apiBaseUrl: z.url(),
  auth: z.discriminatedUnion('provider', [
    z.object({ provider: z.literal('local') }),
    z.object({ provider: z.literal('clerk'), publishableKey: z.string().min(1) }),
  ]),
  payments: z.discriminatedUnion('provider', [
    z.object({ provider: z.literal('local') }),
    z.object({ provider: z.literal('stripe'), publishableKey: z.string().min(1) }),
  ]),
  remotes: z.object({ storefront: z.url(), admin: z.url() }),
});
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;
export type PaymentsConfig = RuntimeConfig['payments'];

/** Reads a fetched config.json; a broken one names its field, for the shell's boot failure screen. */
export function parseRuntimeConfig(raw: unknown): RuntimeConfig {
  const parsed = runtimeConfigSchema.safeParse(raw);
  if (!parsed.success) throw new Error(`config.json is invalid: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

/**
 * The config.json of a deployment on `ports`: providers switch to Clerk and Stripe when their publishable
 * keys are present, and each address can be pointed elsewhere (a CDN, a new remote release).
 */
export function shellConfig(ports: ShopPorts, env: Env): RuntimeConfig {
  const host = (port: number) => `http://localhost:${port}`;
  return runtimeConfigSchema.parse({
    apiBaseUrl: env.PUBLIC_API_URL ?? `${host(ports.api)}/api/v1`,
    auth: env.CLERK_PUBLISHABLE_KEY
      ? { provider: 'clerk', publishableKey: env.CLERK_PUBLISHABLE_KEY }
      : { provider: 'local' },
    payments: env.STRIPE_PUBLISHABLE_KEY
      ? { provider: 'stripe', publishableKey: env.STRIPE_PUBLISHABLE_KEY }
      : { provider: 'local' },
    remotes: {
      storefront: env.STOREFRONT_MANIFEST_URL ?? `${host(ports.storefront)}/${REMOTE_MANIFEST_FILE}`,
      admin: env.ADMIN_MANIFEST_URL ?? `${host(ports.admin)}/${REMOTE_MANIFEST_FILE}`,
    },
  });
}
