import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { isIP } from 'node:net';
import { randomBytes } from 'node:crypto';

/** Everything the server reads from the environment, resolved once at start. */
export interface ApiConfig {
  /**
   * Anything but an explicit development value (NODE_ENV unset, `development` or `test`): every unsafe
   * setting refuses to start (configProblems). A misspelt NODE_ENV counts as production and is refused.
   */
  production: boolean;
  /** NODE_ENV when it is none of production, development and test: refused at start. */
  unrecognisedNodeEnv: string | undefined;
  /** ALLOW_EMBEDDED_DATABASE=true: production may run on PGlite (one process, no replicas, no failover). */
  allowEmbeddedDatabase: boolean;
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL connection string; unset means the embedded PGlite database under dataDir. */
  databaseUrl: string | undefined;
  /** A streaming read replica of databaseUrl's PostgreSQL: catalog reads go there (db/read-replica.ts). */
  databaseReadUrl: string | undefined;
  corsOrigins: string[];
  shopUrl: string;
  /**
   * Base of absolute image urls. Unset (outside production only) means the loopback host the request came
   * to, or http://localhost:<port>: never a Host header the api has not vetted.
   */
  publicApiUrl: string | undefined;
  allowSelfPromotion: boolean;
  seedDemo: boolean;
  /** HS256 secret of access tokens; unset means one generated and kept under dataDir. */
  jwtSecret: string | undefined;
  clerkJwtKey: string | undefined;
  clerkSecretKey: string | undefined;
  /** Origins Clerk session tokens must have been issued to (their `azp` claim). */
  clerkAuthorizedParties: string[];
  /** Where card payments go: Stripe, or the local test-mode gateway (embedded demo, tests). */
  paymentGateway: 'stripe' | 'local' | undefined;
  stripeSecretKey: string | undefined;
  logLevel: string;
  logRequests: boolean;
  /** Requests per minute per client on login, register and forgot-password. */
  authRateLimit: number;
  /** Requests per minute per client on the payment calls. */
  paymentRateLimit: number;
  /** Reports per minute per client of how a page loaded a remote's release (POST /releases/reports). */
  releaseReportRateLimit: number;
  /** Per minute per client address: `POST /rum`, the browsers' real-user figures. */
  rumRateLimit: number;
  /**
   * The proxies to believe about the client address and scheme (X-Forwarded-For/-Proto): their addresses
   * or CIDR ranges; false (the default) believes no one. "true" or a hop count are refused at start.
   */
  trustProxy: false | string[];
  /** Milliseconds a client has to send its request headers, and its whole request. */
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  /** How long a product list answer may be reused by this instance (other instances' writes show up after it). */
  catalogCacheMs: number;
  /** The most products the list's in-memory index holds; a larger catalog is listed by the database. */
  catalogIndexMaxProducts: number;
  /** How long each part (database, Redis, image store) may take to answer a readiness check. */
  readyTimeoutMs: number;
  /** Redis for the rate-limit counters of every instance; unset means PostgreSQL (or memory on PGlite). */
  redisUrl: string | undefined;
  /** An S3-compatible bucket for uploaded images; unset means files under dataDir/uploads. */
  s3: S3Settings | undefined;
  /** Prometheus metrics: on the api port behind this bearer token, and/or on a port of their own. */
  metrics: MetricsSettings;
  /** Where mail goes (smtp://user:pass@host:port); unset means each mail is a log line. */
  smtpUrl: string | undefined;
  /** The From of the shop's mail. */
  mailFrom: string;
  /** Who may pay in cash on delivery (issue 25). */
  cashOnDelivery: CashOnDeliverySettings;
  /** The seller on the GST tax invoices, and the HSN code of each category. */
  gst: GstSettings;
  upi: UpiSettings;
  /** Razorpay (RAZORPAY_KEY_ID + RAZORPAY_KEY_SECRET): UPI, and its checkout's methods, through it. */
  razorpay: RazorpaySettings | undefined;
}

/** Where Prometheus metrics are served; neither token nor port means they are not collected at all. */
export interface MetricsSettings {
  /** METRICS_TOKEN: `/metrics` on the api's own port, for `Authorization: Bearer <token>` only. */
  token: string | undefined;
  /** METRICS_PORT: `/metrics` on a port of its own (the token is asked there too when set), bound to `host`. */
  port: number | undefined;
  host: string;
}

export interface UpiSettings {
  /** UPI_ENABLED (default on): off, UPI is not offered. */
  enabled: boolean;
  /** UPI_COLLECT_TIMEOUT_SECONDS (default 300): how long a collect request is awaited. */
  collectTimeoutSeconds: number;
  /** UPI_TEST_DECISION_MS (default 3000): when the local gateway's test UPI ids approve or decline. */
  testDecisionMs: number;
  /** UPI_MERCHANT_VPA: the shop's UPI id in the QR code and app link (`pa=`). */
  merchantVpa: string;
  /** UPI_MERCHANT_NAME: the payee's name in them (`pn=`). */
  merchantName: string;
  /**
   * PAYMENT_WEBHOOK_SECRET: the key of the webhooks' signatures. The local gateway signs its own with it
   * (a random one per start when unset); Razorpay's come with RAZORPAY_WEBHOOK_SECRET.
   */
  webhookSecret: string;
}

export interface RazorpaySettings {
  keyId: string;
  keySecret: string;
  /** RAZORPAY_WEBHOOK_SECRET: the secret set on the webhook in Razorpay's dashboard. */
  webhookSecret: string | undefined;
}

export interface CashOnDeliverySettings {
  /** COD_ENABLED (default on): off, the method is not offered and such orders are refused. */
  enabled: boolean;
  /** COD_MAX_ORDER_RUPEES (default ₹10,000): the largest order total that may be paid in cash. */
  maxOrderPaise: number;
  /** COD_MAX_OPEN_ORDERS (default 3): cash orders of one account not delivered yet, at most. */
  maxOpenOrders: number;
  /** COD_BLOCKED_PIN_CODES: pin codes (or prefixes ending in *) the courier takes no cash in. */
  blockedPinCodes: string[];
}

export interface GstSettings {
  sellerName: string;
  sellerAddress: string;
  /** The seller's state: CGST + SGST for a buyer there, IGST for everyone else. */
  sellerState: string;
  /** The seller's GSTIN, 15 characters; the demo's is a made-up one, refused in production. */
  sellerGstin: string;
  /** Before each invoice number (GST_INVOICE_PREFIX, 1 to 4 letters or digits): 'INV/26-27/00042'. */
  invoicePrefix: string;
  /** HSN code of each product category (GST_HSN_CODES=Laptop=8471,Camera=8525 overrides these). */
  hsnByCategory: Record<string, string>;
}

/** A made-up GSTIN of the demo seller (Karnataka's code 29): production must name its own. */
export const DEMO_GSTIN = '29AAACS1234F1Z5';
const GSTIN_PATTERN = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/** HSN chapters of the shop's categories: computers, footwear, garments, cameras, telephones. */
const DEFAULT_HSN: Record<string, string> = {
  Laptop: '8471',
  Footwear: '6404',
  Bottom: '6203',
  Tops: '6109',
  Attire: '6204',
  Camera: '8525',
  SmartPhones: '8517',
};

/** Where uploaded images go when S3_BUCKET is set; credentials come from the standard AWS variables. */
export interface S3Settings {
  bucket: string;
  region: string;
  /** A non-AWS endpoint (MinIO, R2, …); unset means AWS itself. */
  endpoint: string | undefined;
  forcePathStyle: boolean;
}

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

const TRUE = ['1', 'true', 'yes', 'on'];
const FALSE = ['0', 'false', 'no', 'off'];

const flag = (value: string | undefined, fallback: boolean) =>
  value === undefined || value === '' ? fallback : TRUE.includes(value.toLowerCase());

const integer = (value: string | undefined, fallback: number) => {
  const parsed = Number(value);
  return value && Number.isInteger(parsed) && parsed >= 0 ? parsed : fallback;
};

const optional = (value: string | undefined) => (value && value.trim() ? value.trim() : undefined);

const list = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((entry) => entry.trim().replace(/\/$/, ''))
    .filter(Boolean);

/** Proxy addresses and CIDR ranges ("10.0.0.0/8,127.0.0.1"); entries that are neither are refused later. */
function trustProxyOf(value: string | undefined): ApiConfig['trustProxy'] {
  const text = optional(value)?.toLowerCase();
  return text === undefined || FALSE.includes(text) ? false : list(text);
}

/** An IP address, a CIDR range, or one of proxy-addr's named ranges. */
function isProxyAddress(entry: string) {
  const [address, bits, extra] = entry.split('/');
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const family = isIP(address ?? '');
  if (!family || extra !== undefined) return false;
  return bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
}

/** The NODE_ENV values that are not production; any other value is treated as production, and refused. */
const DEVELOPMENT_ENVS = ['development', 'test'];

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ApiConfig {
  const databaseUrl = optional(env.DATABASE_URL);
  const nodeEnv = optional(env.NODE_ENV);
  const production = nodeEnv !== undefined && !DEVELOPMENT_ENVS.includes(nodeEnv);
  // The embedded database outside production is the local demo: self-promotion, demo accounts and the
  // test-mode card gateway are on. Anything else opts in, and production refuses them (configProblems).
  const demo = databaseUrl === undefined && !production;
  const stripeSecretKey = optional(env.STRIPE_SECRET_KEY);
  const gateway = optional(env.PAYMENT_GATEWAY)?.toLowerCase();
  const corsOrigins = list(optional(env.CORS_ORIGINS) ?? 'http://localhost:4000');
  return {
    production,
    unrecognisedNodeEnv: production && nodeEnv !== 'production' ? nodeEnv : undefined,
    allowEmbeddedDatabase: flag(env.ALLOW_EMBEDDED_DATABASE, false),
    port: integer(env.API_PORT, 3000),
    // 'localhost' makes Fastify listen on both loopbacks (127.0.0.1 and ::1), and not on the network.
    host: optional(env.API_HOST) ?? 'localhost',
    dataDir: path.resolve(optional(env.DATA_DIR) ?? path.join(repoRoot, '.data')),
    databaseUrl,
    databaseReadUrl: optional(env.DATABASE_READ_URL),
    corsOrigins,
    shopUrl: (optional(env.SHOP_URL) ?? 'http://localhost:4000').replace(/\/$/, ''),
    publicApiUrl: optional(env.PUBLIC_API_URL)?.replace(/\/$/, ''),
    allowSelfPromotion: flag(env.ALLOW_SELF_PROMOTION, demo),
    seedDemo: flag(env.SEED_DEMO, demo),
    jwtSecret: optional(env.JWT_SECRET),
    clerkJwtKey: optional(env.CLERK_JWT_KEY),
    clerkSecretKey: optional(env.CLERK_SECRET_KEY),
    // Outside production the shell origins are the parties; production names them (configProblems).
    clerkAuthorizedParties: list(env.CLERK_AUTHORIZED_PARTIES).length
      ? list(env.CLERK_AUTHORIZED_PARTIES)
      : production
        ? []
        : corsOrigins,
    paymentGateway:
      gateway === 'stripe' || gateway === 'local'
        ? gateway
        : gateway !== undefined
          ? undefined
          : stripeSecretKey
            ? 'stripe'
            : demo
              ? 'local'
              : undefined,
    stripeSecretKey,
    logLevel: optional(env.LOG_LEVEL) ?? 'info',
    // Access logs are the load balancer's job in production; locally two JSON lines a request drown the
    // lines people need (start-up, the password reset link). LOG_REQUESTS=true turns them on.
    logRequests: flag(env.LOG_REQUESTS, false),
    authRateLimit: integer(env.AUTH_RATE_LIMIT, 20),
    paymentRateLimit: integer(env.PAYMENT_RATE_LIMIT, 30),
    releaseReportRateLimit: integer(env.RELEASE_REPORT_RATE_LIMIT, 60),
    rumRateLimit: integer(env.RUM_RATE_LIMIT, 30),
    catalogCacheMs: integer(env.CATALOG_CACHE_MS, 2000),
    catalogIndexMaxProducts: integer(env.CATALOG_INDEX_MAX_PRODUCTS, 100_000),
    trustProxy: trustProxyOf(env.TRUST_PROXY),
    headersTimeoutMs: integer(env.HEADERS_TIMEOUT_MS, 10_000),
    requestTimeoutMs: integer(env.REQUEST_TIMEOUT_MS, 60_000),
    readyTimeoutMs: integer(env.READY_TIMEOUT_MS, 2000) || 2000,
    redisUrl: optional(env.REDIS_URL),
    s3: s3SettingsOf(env),
    metrics: {
      token: optional(env.METRICS_TOKEN),
      port: optional(env.METRICS_PORT) === undefined ? undefined : integer(env.METRICS_PORT, -1),
      // Loopback unless said otherwise: a scraper on another machine is named on purpose (0.0.0.0 in a container).
      host: optional(env.METRICS_HOST) ?? '127.0.0.1',
    },
    smtpUrl: optional(env.SMTP_URL),
    mailFrom: optional(env.MAIL_FROM) ?? 'Shop <no-reply@localhost>',
    cashOnDelivery: {
      enabled: flag(env.COD_ENABLED, true),
      maxOrderPaise: integer(env.COD_MAX_ORDER_RUPEES, 10_000) * 100,
      maxOpenOrders: integer(env.COD_MAX_OPEN_ORDERS, 3),
      blockedPinCodes: list(env.COD_BLOCKED_PIN_CODES),
    },
    gst: {
      sellerName: optional(env.GST_SELLER_NAME) ?? 'Shop Retail Private Limited',
      sellerAddress: optional(env.GST_SELLER_ADDRESS) ?? '1 Residency Road, Bengaluru 560025, Karnataka',
      sellerState: optional(env.GST_SELLER_STATE) ?? 'Karnataka',
      sellerGstin: optional(env.GST_SELLER_GSTIN)?.toUpperCase() ?? DEMO_GSTIN,
      invoicePrefix: optional(env.GST_INVOICE_PREFIX)?.toUpperCase() ?? 'INV',
      hsnByCategory: { ...DEFAULT_HSN, ...hsnCodesOf(env.GST_HSN_CODES) },
    },
    upi: {
      enabled: flag(env.UPI_ENABLED, true),
      collectTimeoutSeconds: integer(env.UPI_COLLECT_TIMEOUT_SECONDS, 300) || 300,
      testDecisionMs: integer(env.UPI_TEST_DECISION_MS, 3000),
      merchantVpa: optional(env.UPI_MERCHANT_VPA)?.toLowerCase() ?? 'shop@upi',
      merchantName: optional(env.UPI_MERCHANT_NAME) ?? 'Shop',
      webhookSecret: optional(env.PAYMENT_WEBHOOK_SECRET) ?? randomBytes(32).toString('base64url'),
    },
    razorpay:
      optional(env.RAZORPAY_KEY_ID) && optional(env.RAZORPAY_KEY_SECRET)
        ? {
            keyId: optional(env.RAZORPAY_KEY_ID)!,
            keySecret: optional(env.RAZORPAY_KEY_SECRET)!,
            webhookSecret: optional(env.RAZORPAY_WEBHOOK_SECRET),
          }
        : undefined,
  };
}

/** 'Laptop=8471,Camera=8525' as { Laptop: '8471', Camera: '8525' }; checked by configProblems. */
function hsnCodesOf(value: string | undefined): Record<string, string> {
  return Object.fromEntries(
    list(value).map((entry) => {
      const [category = '', code = ''] = entry.split('=').map((part) => part.trim());
      return [category, code];
    }),
  );
}

function s3SettingsOf(env: NodeJS.ProcessEnv): S3Settings | undefined {
  const bucket = optional(env.S3_BUCKET);
  if (!bucket) return undefined;
  return {
    bucket,
    region: optional(env.S3_REGION) ?? optional(env.AWS_REGION) ?? 'us-east-1',
    endpoint: optional(env.S3_ENDPOINT),
    forcePathStyle: flag(env.S3_FORCE_PATH_STYLE, false),
  };
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
