import path from 'node:path';
import Fastify, { LogController, type FastifyServerOptions } from 'fastify';
import cors from '@fastify/cors';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import qs from 'qs';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { loadConfig, type ApiConfig } from './config.ts';
import { openDatabase, type Database } from './db/client.ts';
import type { AppContext } from './context.ts';
import { registerErrorHandlers } from './http/error-handler.ts';
import { registerDocs } from './http/docs.ts';
import { resolveJwtSecret } from './auth/jwt-secret.ts';
import { createAccessTokens } from './auth/access-tokens.ts';
import { createClerkIdentity } from './auth/clerk.ts';
import { createGuards } from './auth/guards.ts';
import { registerAuthRoutes } from './auth/auth-routes.ts';
import { registerPasswordRoutes } from './auth/password-routes.ts';
import { registerMeRoutes } from './users/me-routes.ts';
import { registerAdminUserRoutes } from './users/admin-user-routes.ts';
import { createDiskImageStore, MAX_IMAGE_BYTES, MAX_PRODUCT_IMAGES } from './storage/image-store.ts';
import { createCatalogCache } from './catalog/catalog-cache.ts';
import { registerProductRoutes } from './catalog/product-routes.ts';
import { registerAdminProductRoutes } from './catalog/admin-product-routes.ts';
import { registerReviewRoutes } from './catalog/review-routes.ts';
import { registerOrderRoutes } from './orders/order-routes.ts';
import { registerAdminOrderRoutes } from './orders/admin-order-routes.ts';
import { registerPaymentRoutes } from './payments/payment-routes.ts';
import { createLocalGateway } from './payments/local-gateway.ts';
import { createStripeGateway, type StripeConnection } from './payments/stripe-gateway.ts';
import { seedDatabase } from './seed/seed.ts';
import type { ZodApp } from './http/types.ts';

export interface BuildAppOptions {
  /** Overrides of the environment's configuration. */
  config?: Partial<ApiConfig>;
  /** An already open database (tests share one per file); otherwise opened from the config. */
  database?: Database;
  /** PGlite directory override: 'memory' for a throwaway in-memory database. */
  pgliteDir?: string;
  logger?: FastifyServerOptions['logger'];
  /** Where the Stripe SDK sends its calls (tests point it at a local fake). */
  stripeConnection?: StripeConnection;
  /** Seed demo accounts, catalog and orders into an empty database (default: config.seedDemo). */
  seed?: boolean;
}

export type ShopApp = ZodApp & { shop: AppContext & { database: Database } };

/** The api server: every /api/v1 route, docs, uploads; the caller listens (server.ts) or injects (tests). */
export async function buildApp(options: BuildAppOptions = {}): Promise<ShopApp> {
  const config: ApiConfig = { ...loadConfig(), ...options.config };
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    logController: new LogController({ disableRequestLogging: !config.logRequests }),
    bodyLimit: 1024 * 1024,
    trustProxy: config.trustProxy,
    routerOptions: {
      ignoreTrailingSlash: true,
      maxParamLength: 300,
      // price[gte]=10 style queries; depth and counts bounded so a query cannot build a huge object.
      querystringParser: (query) => qs.parse(query, { depth: 2, arrayLimit: 20, parameterLimit: 100 }),
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandlers(app);

  const database =
    options.database ??
    (await openDatabase({
      ...(config.databaseUrl ? { databaseUrl: config.databaseUrl } : {}),
      pgliteDir: options.pgliteDir ?? path.join(config.dataDir, 'pglite'),
    }));
  if (!options.database) app.addHook('onClose', () => database.close());

  const images = createDiskImageStore(path.join(config.dataDir, 'uploads'));
  const tokens = createAccessTokens(resolveJwtSecret(config.jwtSecret, config.dataDir));
  const clerk =
    config.clerkJwtKey || config.clerkSecretKey
      ? createClerkIdentity(database.db, { jwtKey: config.clerkJwtKey, secretKey: config.clerkSecretKey })
      : null;
  const payments = config.stripeSecretKey
    ? createStripeGateway(config.stripeSecretKey, options.stripeConnection)
    : createLocalGateway(database.db);
  const ctx: AppContext = {
    config,
    db: database.db,
    tokens,
    guards: createGuards(database.db, tokens, clerk),
    images,
    payments,
    catalogCache: createCatalogCache(config.catalogCacheMs),
  };
  app.decorate('shop', { ...ctx, database });
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  // Set per request by readFormBody on the routes that take files.
  app.decorateRequest('uploads', null as unknown as []);

  if (options.seed ?? config.seedDemo) await seedDatabase(ctx, app.log);

  await app.register(cors, {
    origin: config.corsOrigins,
    credentials: true,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
  });
  await app.register(cookie);
  await app.register(multipart, {
    limits: {
      fileSize: MAX_IMAGE_BYTES,
      files: MAX_PRODUCT_IMAGES,
      fields: 30,
      fieldSize: 8 * 1024 * 1024,
      parts: 40,
    },
  });
  await app.register(rateLimit, { global: false });
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      done(null, qs.parse(body as string, { depth: 2, arrayLimit: 20, parameterLimit: 100 }));
    },
  );

  await app.register(fastifyStatic, {
    root: path.join(config.dataDir, 'uploads'),
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    list: false,
    // Names are random and never reused, so browsers and CDNs may keep them for a year.
    immutable: true,
    maxAge: '365d',
    setHeaders: (reply) => {
      reply.header('X-Content-Type-Options', 'nosniff');
      reply.header('Content-Security-Policy', "default-src 'none'");
      reply.header('Cross-Origin-Resource-Policy', 'cross-origin');
    },
  });

  await registerDocs(app);

  await app.register(
    async (api) => {
      const v1 = api as unknown as ZodApp;
      v1.get(
        '/health',
        { schema: { tags: ['health'], summary: 'Readiness: answers without touching the database' } },
        async () => ({ status: 'ok' }),
      );
      registerAuthRoutes(v1, ctx);
      registerPasswordRoutes(v1, ctx);
      registerMeRoutes(v1, ctx);
      registerAdminUserRoutes(v1, ctx);
      registerProductRoutes(v1, ctx);
      registerAdminProductRoutes(v1, ctx);
      registerReviewRoutes(v1, ctx);
      registerOrderRoutes(v1, ctx);
      registerAdminOrderRoutes(v1, ctx);
      registerPaymentRoutes(v1, ctx);
    },
    { prefix: '/api/v1' },
  );

  return app as unknown as ShopApp;
}
