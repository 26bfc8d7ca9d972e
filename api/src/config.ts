import { fileURLToPath } from 'node:url';
import path from 'node:path';

/** Everything the server reads from the environment, resolved once at start. */
export interface ApiConfig {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL connection string; unset means the embedded PGlite database under dataDir. */
  databaseUrl: string | undefined;
  corsOrigins: string[];
  shopUrl: string;
  /** Base of absolute image urls; unset means "the host the request came to". */
  publicApiUrl: string | undefined;
  allowSelfPromotion: boolean;
  seedDemo: boolean;
  /** HS256 secret of access tokens; unset means one generated and kept under dataDir. */
  jwtSecret: string | undefined;
  clerkJwtKey: string | undefined;
  clerkSecretKey: string | undefined;
  stripeSecretKey: string | undefined;
  logLevel: string;
  logRequests: boolean;
  /** Requests per minute per client on login, register and forgot-password. */
  authRateLimit: number;
  /** Behind a reverse proxy: trust X-Forwarded-For/-Proto (client IP for rate limits, https for cookies). */
  trustProxy: boolean;
  /** How long a product list answer may be reused by this instance (other instances' writes show up after it). */
  catalogCacheMs: number;
}

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

const flag = (value: string | undefined, fallback: boolean) =>
  value === undefined || value === '' ? fallback : ['1', 'true', 'yes', 'on'].includes(value.toLowerCase());

const integer = (value: string | undefined, fallback: number) => {
  const parsed = Number(value);
  return value && Number.isInteger(parsed) && parsed >= 0 ? parsed : fallback;
};

const optional = (value: string | undefined) => (value && value.trim() ? value.trim() : undefined);

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ApiConfig {
  const databaseUrl = optional(env.DATABASE_URL);
  const embedded = databaseUrl === undefined;
  return {
    port: integer(env.API_PORT, 3000),
    // 'localhost' makes Fastify listen on both loopbacks (127.0.0.1 and ::1), and not on the network.
    host: optional(env.API_HOST) ?? 'localhost',
    dataDir: path.resolve(optional(env.DATA_DIR) ?? path.join(repoRoot, '.data')),
    databaseUrl,
    corsOrigins: (optional(env.CORS_ORIGINS) ?? 'http://localhost:4000')
      .split(',')
      .map((origin) => origin.trim().replace(/\/$/, ''))
      .filter(Boolean),
    shopUrl: (optional(env.SHOP_URL) ?? 'http://localhost:4000').replace(/\/$/, ''),
    publicApiUrl: optional(env.PUBLIC_API_URL)?.replace(/\/$/, ''),
    // The embedded database is a demo: self-promotion and demo accounts are on. A real database opts in.
    allowSelfPromotion: flag(env.ALLOW_SELF_PROMOTION, embedded),
    seedDemo: flag(env.SEED_DEMO, embedded),
    jwtSecret: optional(env.JWT_SECRET),
    clerkJwtKey: optional(env.CLERK_JWT_KEY),
    clerkSecretKey: optional(env.CLERK_SECRET_KEY),
    stripeSecretKey: optional(env.STRIPE_SECRET_KEY),
    logLevel: optional(env.LOG_LEVEL) ?? 'info',
    // Access logs are the load balancer's job in production; locally two JSON lines a request drown the
    // lines people need (start-up, the password reset link). LOG_REQUESTS=true turns them on.
    logRequests: flag(env.LOG_REQUESTS, false),
    authRateLimit: integer(env.AUTH_RATE_LIMIT, 20),
    catalogCacheMs: integer(env.CATALOG_CACHE_MS, 2000),
    trustProxy: flag(env.TRUST_PROXY, false),
  };
}
