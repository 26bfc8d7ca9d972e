import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { ApiConfig, S3Settings } from './api-config.ts';

/** A made-up GSTIN of the demo seller (Karnataka's code 29): production must name its own. */
export const DEMO_GSTIN = '29AAACS1234F1Z5';

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

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

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
    databasePoolSize:
      optional(env.DATABASE_POOL_SIZE) === undefined ? undefined : integer(env.DATABASE_POOL_SIZE, 0),
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
