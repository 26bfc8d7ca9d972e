import { isIP } from 'node:net';
import type { ApiConfig, GstSettings } from './api-config.ts';
import { DEMO_GSTIN } from './load-config.ts';

const GSTIN_PATTERN = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/** An IP address, a CIDR range, or one of proxy-addr's named ranges. */
function isProxyAddress(entry: string) {
  const [address, bits, extra] = entry.split('/');
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const family = isIP(address ?? '');
  if (!family || extra !== undefined) return false;
  return bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
}

const MIN_JWT_SECRET_BYTES = 32;
const MIN_METRICS_TOKEN_BYTES = 16;

/**
 * Settings the api must not run with, one line each naming the variable; empty when it may start.
 * Production is fail-closed: no test-mode card gateway, no self-promotion, no demo accounts, a shared
 * signing secret of 32 bytes or more, Clerk tokens pinned to their origins.
 */
export function configProblems(config: ApiConfig): string[] {
  const problems: string[] = [];
  const badProxy = config.trustProxy ? config.trustProxy.find((entry) => !isProxyAddress(entry)) : undefined;
  if (badProxy !== undefined)
    problems.push(
      `TRUST_PROXY=${badProxy} is not a proxy address: name the proxies in front of the api by address or CIDR range (TRUST_PROXY=10.0.0.0/8), never "everyone"`,
    );
  if (config.jwtSecret !== undefined && Buffer.byteLength(config.jwtSecret) < MIN_JWT_SECRET_BYTES)
    problems.push(
      `JWT_SECRET is shorter than ${MIN_JWT_SECRET_BYTES} bytes; use a long random value (openssl rand -base64 48)`,
    );
  // A shared database means instances behind one balancer: a secret generated per instance would sign
  // out every shopper whose next request lands on another one.
  if (config.databaseUrl !== undefined && config.jwtSecret === undefined && !config.production)
    problems.push(
      `JWT_SECRET is not set: with DATABASE_URL every instance must sign with the same secret of at least ${MIN_JWT_SECRET_BYTES} bytes`,
    );
  if (config.databasePoolSize !== undefined && config.databasePoolSize < 1)
    problems.push('DATABASE_POOL_SIZE is not a whole number of connections, at least 1');
  if (config.databaseReadUrl !== undefined && config.databaseUrl === undefined)
    problems.push('DATABASE_READ_URL names a read replica of DATABASE_URL, which is not set');
  if (config.metrics.token !== undefined && Buffer.byteLength(config.metrics.token) < MIN_METRICS_TOKEN_BYTES)
    problems.push(
      `METRICS_TOKEN is shorter than ${MIN_METRICS_TOKEN_BYTES} bytes; use a long random value (openssl rand -hex 24)`,
    );
  if (config.metrics.port !== undefined && !(config.metrics.port >= 0 && config.metrics.port < 65536))
    problems.push('METRICS_PORT is not a port number');
  if (config.paymentGateway === 'stripe' && !config.stripeSecretKey)
    problems.push('PAYMENT_GATEWAY=stripe needs STRIPE_SECRET_KEY');
  if (config.paymentGateway === undefined)
    problems.push(
      'STRIPE_SECRET_KEY is not set: no card provider for real payments (PAYMENT_GATEWAY=local runs the test-mode gateway, outside production only)',
    );
  problems.push(...gstProblems(config.gst));
  if (!/^[a-z0-9._-]{2,256}@[a-z][a-z0-9]{1,63}$/.test(config.upi.merchantVpa))
    problems.push(`UPI_MERCHANT_VPA=${config.upi.merchantVpa} is not a UPI id (name@bank)`);
  if (config.razorpay && !config.razorpay.webhookSecret)
    problems.push(
      "RAZORPAY_WEBHOOK_SECRET is not set: without it the api cannot check Razorpay's webhooks, and a UPI payment whose tab closed would never become an order",
    );
  if (!config.production) return problems;

  if (config.unrecognisedNodeEnv !== undefined)
    problems.push(
      `NODE_ENV=${JSON.stringify(config.unrecognisedNodeEnv).slice(1, -1)} is not recognised: use production, or development or test on a developer's machine (it is treated as production meanwhile)`,
    );
  if (config.databaseUrl === undefined && !config.allowEmbeddedDatabase)
    problems.push(
      'DATABASE_URL is not set: production runs on PostgreSQL (ALLOW_EMBEDDED_DATABASE=true runs the embedded one-process database anyway)',
    );
  if (!isHttps(config.publicApiUrl))
    problems.push(
      "PUBLIC_API_URL is not an https address: production names the address browsers reach the api at (https://api.shop.example), so image links never come from a request's Host header",
    );
  if (!isHttps(config.shopUrl))
    problems.push(
      "SHOP_URL is not an https address: production names the shop's own origin (https://shop.example) for its links and its cookie-using routes",
    );
  if (config.paymentGateway === 'local')
    problems.push(
      'PAYMENT_GATEWAY=local in production: the test-mode gateway takes test card 4242 as payment; set STRIPE_SECRET_KEY',
    );
  if (config.allowSelfPromotion)
    problems.push('ALLOW_SELF_PROMOTION is on in production: anyone could make themself an admin');
  if (config.seedDemo)
    problems.push('SEED_DEMO is on in production: it creates admin@example.com with a published password');
  if (config.jwtSecret === undefined)
    problems.push(
      `JWT_SECRET is not set: production needs one secret of at least ${MIN_JWT_SECRET_BYTES} bytes shared by every instance`,
    );
  if (config.gst.sellerGstin === DEMO_GSTIN)
    problems.push(
      "GST_SELLER_GSTIN is not set: the tax invoices would carry the demo seller's made-up GSTIN; set the shop's own (and GST_SELLER_NAME, GST_SELLER_ADDRESS, GST_SELLER_STATE)",
    );
  if ((config.clerkJwtKey || config.clerkSecretKey) && config.clerkAuthorizedParties.length === 0)
    problems.push(
      'CLERK_AUTHORIZED_PARTIES is not set: production accepts Clerk tokens only for the shop origins named there',
    );
  return problems;
}

/** An invoice the law would refuse: a GSTIN of the wrong shape, a number over 16 characters, an HSN code. */
function gstProblems(gst: GstSettings): string[] {
  const problems: string[] = [];
  if (!GSTIN_PATTERN.test(gst.sellerGstin))
    problems.push(`GST_SELLER_GSTIN=${gst.sellerGstin} is not a GSTIN (15 characters, like ${DEMO_GSTIN})`);
  // GST invoice numbers are at most 16 characters: prefix, '/26-27/' and at least five digits.
  if (!/^[A-Z0-9]{1,4}$/.test(gst.invoicePrefix))
    problems.push(`GST_INVOICE_PREFIX=${gst.invoicePrefix} must be 1 to 4 letters or digits`);
  for (const [category, code] of Object.entries(gst.hsnByCategory)) {
    if (!/^\d{4}(\d{2}){0,2}$/.test(code))
      problems.push(`GST_HSN_CODES: ${category}=${code} is not an HSN code (4, 6 or 8 digits)`);
  }
  return problems;
}

const isHttps = (url: string | undefined) => {
  if (!url) return false;
  try {
    return new URL(url).protocol === 'https:';
  } catch {
    return false;
  }
};

/** The api refuses to start: each line names the setting to fix. */
export class StartupRefusal extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Refusing to start: ${problems.join('; ')}`);
    this.problems = problems;
  }
}
