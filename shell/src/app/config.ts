import { z } from 'zod';

/**
 * Written at deploy time beside the shell's files, so one shell build runs in any environment and a
 * remote team can ship a new release by pointing `remotes` at its new manifest.
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

declare global {
  interface Window {
    /** config.json as fetched by index.html's boot script, before the shell's scripts arrived. */
    __shopConfig?: Promise<unknown>;
  }
}

async function fetchConfig(): Promise<unknown> {
  const response = await fetch('/config.json');
  if (!response.ok) throw new Error(`config.json answered ${response.status}`);
  return response.json();
}

export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  const raw = await (window.__shopConfig ?? fetchConfig());
  const parsed = runtimeConfigSchema.safeParse(raw);
  if (!parsed.success) throw new Error(`config.json is invalid: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}
