import { z } from 'zod';

// No compiled validators (as in shared-api's schemas): zod otherwise probes `new Function('')`, which the
// shop's Content-Security-Policy reports; this module may be the first to parse on a page.
z.config({ jitless: true });

// Its own entry (`@shop/shared-contract/runtime-config`), importing nothing of the contract's others,
// because it needs zod: the shell's first page reads a config.json the deploy step already checked, and
// loads this chunk only to check one fetched as a plain file.

/**
 * `config.json`, written at deploy time beside the shell's files, so one shell build runs in any
 * environment and a remote team ships by pointing `remotes` at its new manifest.
 */
const remoteReleaseSchema = z.object({
  id: z.string().min(1),
  /** The remote's live.json: which of its releases are live (the admin's Releases screen reads it). */
  liveAt: z.url(),
  fallback: z.object({ id: z.string().min(1), manifest: z.url() }).optional(),
});

export const runtimeConfigSchema = z.object({
  apiBaseUrl: z.url(),
  auth: z.discriminatedUnion('provider', [
    z.object({ provider: z.literal('local') }),
    z.object({ provider: z.literal('clerk'), publishableKey: z.string().min(1) }),
  ]),
  // Cards through the local gateway or Stripe; with razorpayKeyId (RAZORPAY_KEY_ID), UPI, net banking and
  // wallets through Razorpay's checkout, whose script (and CSP hosts) the page takes only then.
  payments: z.discriminatedUnion('provider', [
    z.object({ provider: z.literal('local'), razorpayKeyId: z.string().min(1).optional() }),
    z.object({
      provider: z.literal('stripe'),
      publishableKey: z.string().min(1),
      razorpayKeyId: z.string().min(1).optional(),
    }),
  ]),
  remotes: z.object({ storefront: z.url(), admin: z.url() }),
  /**
   * The release of each remote in `remotes` (set when its address publishes releases, release-tool/): its
   * id, which the page reports as it loads it, and the release its browsers fall back to when it fails to
   * load (the one before it, or the one live for everyone else during a canary): tried once, then
   * '… is unavailable' (docs/federation.md, "Releases").
   */
  releases: z
    .object({ storefront: remoteReleaseSchema.optional(), admin: remoteReleaseSchema.optional() })
    .optional(),
  /** The share of page views that report web vitals and errors (0 to 1; the shell's default when unset). */
  realUserSampleRate: z.number().min(0).max(1).optional(),
});
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;
export type PaymentsConfig = RuntimeConfig['payments'];
export type RemoteRelease = z.infer<typeof remoteReleaseSchema>;

/** Reads a fetched config.json; a broken one names its field, for the shell's boot failure screen. */
export function parseRuntimeConfig(raw: unknown): RuntimeConfig {
  const parsed = runtimeConfigSchema.safeParse(raw);
  if (!parsed.success) throw new Error(`config.json is invalid: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}
