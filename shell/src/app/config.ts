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

export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  const response = await fetch('/config.json');
  if (!response.ok) throw new Error(`config.json answered ${response.status}`);
  const parsed = runtimeConfigSchema.safeParse(await response.json());
  if (!parsed.success) throw new Error(`config.json is invalid: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}
