import { createHash } from 'node:crypto';

/** The parts of the shell's config.json a Content-Security-Policy depends on (shellConfig in @shop/shared-contract). */
export interface ShopConfigForCsp {
  apiBaseUrl: string;
  auth: { provider: string; publishableKey?: string };
  payments: { provider: string; publishableKey?: string; razorpayKeyId?: string };
  remotes: Record<string, string>;
}

/** A `<script>` whose type makes it a data block (config.json, a page's data, JSON-LD): never run. */
const DATA_BLOCK = /\btype\s*=\s*["']?application\/(?:ld\+)?json\b/i;

/**
 * 'sha256-…' of every inline script (no src) in an HTML page, as a CSP source. Data blocks are left out:
 * the browser runs none of them, and a page's own data would otherwise make its policy unique to it.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(match[1] ?? '') || DATA_BLOCK.test(match[1] ?? '')) continue;
    const body = match[2] ?? '';
    if (!body.trim()) continue;
    hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/** Clerk's frontend API host, encoded in its publishable key (pk_test_<base64 "host$">). */
export function clerkFrontendApiHost(publishableKey: string): string | null {
  const encoded = /^pk_(?:test|live)_(.+)$/.exec(publishableKey)?.[1];
  if (!encoded) return null;
  const host = Buffer.from(encoded, 'base64').toString('utf8').replace(/\$$/, '');
  return /^[a-z0-9.-]+(:\d+)?$/i.test(host) ? host : null;
}

const originOf = (url: string) => {
  try {
    return new URL(url).origin;
  } catch {
    return null; // a relative url: the shop's own origin ('self')
  }
};

// Hosts the card provider's and identity provider's browser code needs, from their CSP guides.
const STRIPE = {
  script: ['https://js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
  img: ['https://*.stripe.com'],
};
// Razorpay's checkout: its script, the frame it opens, the calls and logos it makes (only with its key).
const RAZORPAY = {
  script: ['https://checkout.razorpay.com'],
  frame: ['https://api.razorpay.com', 'https://checkout.razorpay.com'],
  connect: ['https://api.razorpay.com', 'https://lumberjack.razorpay.com'],
  img: ['https://*.razorpay.com'],
};
const clerkHosts = (host: string) => ({
  script: [`https://${host}`, 'https://challenges.cloudflare.com'],
  frame: ['https://challenges.cloudflare.com'],
  connect: [`https://${host}`],
  img: ['https://img.clerk.com'],
});

/**
 * The Content-Security-Policy of the built apps. Scripts: the app's own, its inline scripts by hash (the
 * shell's boot script), the remotes' origins, and Stripe's, Razorpay's and Clerk's hosts only when
 * config.json names them. Never 'unsafe-inline' for scripts; styles allow it (Chakra's emotion writes <style> tags).
 */
export function contentSecurityPolicy(config: ShopConfigForCsp | undefined, inlineHashes: string[]): string {
  const remotes = Object.values(config?.remotes ?? {})
    .map(originOf)
    .filter((origin): origin is string => origin !== null);
  const api = config ? originOf(config.apiBaseUrl) : null;
  const stripe = config?.payments.provider === 'stripe' ? STRIPE : undefined;
  const razorpay = config?.payments.razorpayKeyId ? RAZORPAY : undefined;
  const clerkHost =
    config?.auth.provider === 'clerk' && config.auth.publishableKey
      ? clerkFrontendApiHost(config.auth.publishableKey)
      : null;
  const clerk = clerkHost ? clerkHosts(clerkHost) : undefined;
  const list = (...sources: (string | null | undefined)[]) => [...new Set(sources.filter(Boolean))].join(' ');
  const directives: [string, string][] = [
    ['default-src', "'self'"],
    [
      'script-src',
      list(
        "'self'",
        ...inlineHashes,
        ...remotes,
        ...(stripe?.script ?? []),
        ...(razorpay?.script ?? []),
        ...(clerk?.script ?? []),
      ),
    ],
    ['style-src', list("'self'", "'unsafe-inline'", ...remotes)],
    [
      'img-src',
      list(
        "'self'",
        'data:',
        'blob:',
        api,
        ...remotes,
        ...(stripe?.img ?? []),
        ...(razorpay?.img ?? []),
        ...(clerk?.img ?? []),
      ),
    ],
    ['font-src', list("'self'", 'data:', ...remotes)],
    [
      'connect-src',
      list(
        "'self'",
        api,
        ...remotes,
        ...(stripe?.connect ?? []),
        ...(razorpay?.connect ?? []),
        ...(clerk?.connect ?? []),
      ),
    ],
    [
      'frame-src',
      list(...(stripe?.frame ?? []), ...(razorpay?.frame ?? []), ...(clerk?.frame ?? [])) || "'none'",
    ],
    ['worker-src', "'self' blob:"],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'none'"],
  ];
  return directives.map(([name, value]) => `${name} ${value}`).join('; ');
}

/** Every header of a static answer but the CSP: no sniffing, a referrer trimmed to the origin, no framing. */
export function baseSecurityHeaders(https: boolean): Record<string, string> {
  return {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
    ...(https ? { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}
