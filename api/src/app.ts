import path from 'node:path';
import { createServer } from 'node:http';
import Fastify, { LogController, type FastifyServerOptions } from 'fastify';
import cors from '@fastify/cors';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import qs from 'qs';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { validatorCompiler } from './http/validation.ts';
import type { ApiConfig } from './config/api-config.ts';
import { configProblems, StartupRefusal } from './config/config-problems.ts';
import { loadConfig } from './config/load-config.ts';
import { DEFAULT_POOL_SIZE, openDatabase, type Database } from './db/client.ts';
import { openCatalogReads, primaryOnly } from './db/read-replica.ts';
import type { AppContext } from './context.ts';
import { frameworkErrorHandler, registerErrorHandlers } from './http/error-handler.ts';
import { registerDocs } from './http/docs.ts';
import { registerMultipart } from './http/form-body.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { createAnswerCache } from './http/answer-cache.ts';
import { shareCatalogChanges } from './catalog/catalog-changes.ts';
import type { CatalogIndex } from './catalog/catalog-index.ts';
import { openCatalogIndex } from './catalog/open-catalog-index.ts';
import { createRouteKit } from './http/route-kit.ts';
import { recordRouteTable, type RouteEntry } from './http/route-table.ts';
import { resolveJwtSecret } from './auth/jwt-secret.ts';
import { createAccessTokens } from './auth/access-tokens.ts';
import { createRefreshSeal } from './auth/refresh-seal.ts';
import { createClerkIdentity } from './auth/clerk.ts';
import { createGuards } from './auth/guards.ts';
import { createPasswordGuessLimits } from './auth/password-guesses.ts';
import { registerIdentityRoutes } from './users/identity-routes.ts';
import { registerPasswordRoutes } from './users/password-routes.ts';
import { registerMeRoutes } from './users/me-routes.ts';
import { registerAdminUserRoutes } from './users/admin-user-routes.ts';
import { createDiskImageStore } from './storage/image-store.ts';
import { createS3ImageStore } from './storage/s3-image-store.ts';
import { registerBucketUploads, registerDiskUploads } from './storage/upload-routes.ts';
import { openRateLimitStorage } from './rate-limits/rate-limit-storage.ts';
import { broadReadsUnderWay } from './catalog/broad-reads.ts';
import { registerCatalogFeedRoutes } from './catalog/catalog-feed-routes.ts';
import { registerReleaseReportRoutes } from './releases/release-report-routes.ts';
import { countCatalogRevisions } from './catalog/catalog-revision.ts';
import { registerProductRoutes } from './catalog/product-routes.ts';
import { registerAdminProductRoutes } from './catalog/admin-product-routes.ts';
import { registerReviewRoutes } from './reviews/review-routes.ts';
import { registerAdminReviewRoutes } from './reviews/admin-review-routes.ts';
import { registerAdminActivityRoutes } from './audit/activity-routes.ts';
import { registerSpreadsheetRoutes } from './spreadsheets/spreadsheet-routes.ts';
import { registerOrderRoutes } from './orders/order-routes.ts';
import { registerCartRoutes } from './cart/cart-routes.ts';
import { paymentRefunder } from './payment-gateways/payment-refunder.ts';
import { registerOrderRefundRoutes } from './orders/order-refund-routes.ts';
import { registerAdminOrderRoutes } from './orders/admin-order-routes.ts';
import { registerPaymentRoutes } from './payments/payment-routes.ts';
import { registerPaymentMethodRoutes } from './payments/payment-methods-routes.ts';
import { registerCashOnDeliveryRoutes } from './cash-on-delivery/cod-routes.ts';
import { registerInvoiceRoutes } from './invoices/invoice-routes.ts';
import type { RazorpayConnection } from './payment-gateways/razorpay-gateway.ts';
import { openPaymentGateways } from './payment-gateways/open-gateways.ts';
import { registerRazorpayRoutes } from './payments/razorpay-routes.ts';
import { registerUpiRoutes } from './payments/upi/upi-routes.ts';
import type { StripeConnection } from './payment-gateways/stripe-gateway.ts';
import { schedulePaymentUpkeep } from './payments/payment-upkeep.ts';
import { scheduleEmbeddedUpkeep } from './db/embedded-upkeep.ts';
import { createLogMailer } from './mail/log-mailer.ts';
import { createSmtpMailer } from './mail/smtp-mailer.ts';
import { demoAccountsStillOpen, seedDatabase } from './seed/seed.ts';
import type { ZodApp } from './http/types.ts';
import { registerHealthRoutes } from './health/health-routes.ts';
import { catalogReadiness } from './catalog/catalog-readiness.ts';
import { registerMetrics } from './observability/metrics.ts';
import { registerRumRoutes, registerSiteHealthRoutes } from './site-health/rum-routes.ts';
import type { Tracing } from './observability/tracing.ts';

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
  /** Where the Razorpay SDK sends its calls (tests: a local fake with recorded answers). */
  razorpayConnection?: RazorpayConnection;
  /** Seed demo accounts, catalog and orders into an empty database (default: config.seedDemo). */
  seed?: boolean;
  /**
   * OpenTelemetry, started by server.ts before Fastify was loaded (observability/tracing.ts): request
   * spans, the trace id in each log line and in the X-Trace-Id answer header. Unset: no tracing at all.
   */
  tracing?: Pick<Tracing, 'fastifyPlugin' | 'logFields'>;
}

export type ShopApp = ZodApp & {
  shop: AppContext & {
    database: Database;
    routes: RouteEntry[];
    /** The storefront list answered from memory, dropped with catalogCache; null when the cache is off. */
    catalogIndex: CatalogIndex | null;
    /** Where /metrics listens with METRICS_PORT (0 picks a free port). */
    metricsPort: number | undefined;
  };
};

/** The api server: every /api/v1 route, docs, uploads; the caller listens (server.ts) or injects (tests). */
export async function buildApp(options: BuildAppOptions = {}): Promise<ShopApp> {
  const config: ApiConfig = { ...loadConfig(), ...options.config };
  const problems = configProblems(config);
  if (problems.length) throw new StartupRefusal(problems);
  const tracing = options.tracing;
  const logger = options.logger ?? { level: config.logLevel };
  const app = Fastify({
    // Inside a traced request every line names its trace, so a trace leads to its log lines and back.
    logger: tracing && typeof logger === 'object' ? { ...logger, mixin: tracing.logFields } : logger,
    logController: new LogController({ disableRequestLogging: !config.logRequests }),
    bodyLimit: 1024 * 1024,
    frameworkErrors: frameworkErrorHandler,
    // A client gets HEADERS_TIMEOUT_MS for its headers and REQUEST_TIMEOUT_MS for its whole request;
    // a connection that stalls half-way is closed (408), checked every second rather than every 30.
    serverFactory: (handler) => {
      const server = createServer(
        {
          headersTimeout: Math.min(config.headersTimeoutMs, config.requestTimeoutMs),
          requestTimeout: config.requestTimeoutMs,
          connectionsCheckingInterval: 1000,
        },
        handler,
      );
      // Longer than a load balancer's idle timeout (60 s on most), so it never reuses a closed connection.
      server.keepAliveTimeout = 72_000;
      return server;
    },
    trustProxy: config.trustProxy,
    routerOptions: {
      ignoreTrailingSlash: true,
      maxParamLength: 300,
      // price[gte]=10 style queries; depth and counts bounded so a query cannot build a huge object.
      querystringParser: (query) => qs.parse(query, { depth: 2, arrayLimit: 20, parameterLimit: 100 }),
    },
  }).withTypeProvider<ZodTypeProvider>();
  if (tracing) {
    // First, so every route and hook registered after it is inside the request's span.
    await app.register(tracing.fastifyPlugin);
    app.addHook('onRequest', async (_request, reply) => {
      const traceId = tracing.logFields().trace_id;
      // The id a shopper or a support ticket can quote, to find the request's trace.
      if (traceId) reply.header('x-trace-id', traceId);
    });
  }
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandlers(app);

  const poolSize = config.databasePoolSize ?? DEFAULT_POOL_SIZE;
  const database =
    options.database ??
    (await openDatabase({
      ...(config.databaseUrl ? { databaseUrl: config.databaseUrl } : {}),
      poolSize,
      pgliteDir: options.pgliteDir ?? path.join(config.dataDir, 'pglite'),
    }));
  if (!options.database) app.addHook('onClose', () => database.close());
  if (config.production) {
    const open = await demoAccountsStillOpen(database.db);
    if (open.length) {
      if (!options.database) await database.close();
      throw new StartupRefusal([
        `the database holds demo account${open.length > 1 ? 's' : ''} ${open.join(' and ')} with the published password: delete or change ${open.length > 1 ? 'them' : 'it'} before running in production`,
      ]);
    }
  }

  // A bucket when S3_BUCKET is set (every instance sees every upload), else files under DATA_DIR.
  const bucket = config.s3 ? createS3ImageStore(config.s3) : null;
  const images = bucket ?? createDiskImageStore(path.join(config.dataDir, 'uploads'));
  const signingSecret = resolveJwtSecret(config.jwtSecret, config.dataDir);
  const tokens = createAccessTokens(signingSecret);
  const clerk =
    config.clerkJwtKey || config.clerkSecretKey
      ? createClerkIdentity(database.db, {
          jwtKey: config.clerkJwtKey,
          secretKey: config.clerkSecretKey,
          authorizedParties: config.clerkAuthorizedParties,
        })
      : null;
  const { payments, razorpay, upi } = openPaymentGateways(app as unknown as ZodApp, config, database.db, {
    stripe: options.stripeConnection,
    razorpay: options.razorpayConnection,
  });
  const guards = createGuards(database.db, tokens, clerk);
  // Before any route, so its hook times every one of them.
  const { metrics, port: metricsPort } = await registerMetrics(app, config.metrics, database, {
    broadReads: broadReadsUnderWay,
  });
  const answerCache = createAnswerCache(config.catalogCacheMs, { onLookup: metrics.catalogAnswer });
  // A read replica (DATABASE_READ_URL) takes the catalog's reads once it has replayed its last write.
  const catalogReads =
    config.databaseReadUrl && database.kind === 'postgres'
      ? await openCatalogReads(database.db, config.databaseReadUrl, app.log, poolSize)
      : primaryOnly(database.db);
  app.addHook('onClose', () => catalogReads.close());
  answerCache.onInvalidate(catalogReads.written);
  const catalogIndex = openCatalogIndex(config, { database, catalogReads, metrics, log: app.log });
  if (catalogIndex) {
    answerCache.onInvalidate(catalogIndex.invalidate);
    app.addHook('onClose', () => catalogIndex.close());
  }
  // On PostgreSQL every instance drops the changed products' answers (and patches its index) when any of
  // them writes (LISTEN/NOTIFY).
  const catalog = await shareCatalogChanges(answerCache, database, app.log);
  app.addHook('onClose', () => catalog.close());
  const mailer = config.smtpUrl
    ? createSmtpMailer(config.smtpUrl, config.mailFrom, app.log)
    : createLogMailer(app.log);
  app.addHook('onClose', async () => mailer.close());
  // Counted together by every instance on a shared database (PostgreSQL or REDIS_URL).
  const limits = await openRateLimitStorage(config.redisUrl, database, app);
  app.addHook('onClose', () => limits.close());
  await app.register(rateLimit, { global: false, ...limits.options });
  const ctx: AppContext = {
    config,
    db: database.db,
    catalogReads,
    kit: createRouteKit({
      requireUser: guards.requireUser,
      publicApiUrl: config.publicApiUrl,
      fallbackBaseUrl: `http://localhost:${config.port}`,
      shopUrls: [
        ...config.corsOrigins,
        config.shopUrl,
        ...(config.publicApiUrl ? [config.publicApiUrl] : []),
      ],
    }),
    tokens,
    refreshSeal: createRefreshSeal(signingSecret),
    guards,
    images,
    payments,
    upi,
    // A refund goes back through the gateway that took the payment: payment requests are `upi_…`/`rzp_…`.
    refunds: paymentRefunder(database.db, payments, upi),
    mailer,
    // Each local write also moves the catalog's revision, which page caches in front of the api follow.
    catalogCache: countCatalogRevisions(catalog.cache, database.db, app.log),
    passwordGuesses: createPasswordGuessLimits(app as unknown as ZodApp, database.db, config.authRateLimit),
    metrics,
  };
  schedulePaymentUpkeep(app, ctx);
  if (database.kind === 'pglite') scheduleEmbeddedUpkeep(app, database.db);

  const routes = recordRouteTable(app as unknown as ZodApp);
  app.decorate('shop', { ...ctx, database, routes, catalogIndex, metricsPort });
  registerSecurityHeaders(app, ctx.kit.isHttps);
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  // Set per request by readFormBody on the routes that take files.
  app.decorateRequest('uploads', null as unknown as []);

  if (options.seed ?? config.seedDemo) await seedDatabase(ctx, app.log);

  await app.register(cors, {
    origin: config.corsOrigins,
    credentials: true,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
    // The shop's pages may read a failed call's trace id (to show or report it).
    ...(tracing ? { exposedHeaders: ['x-trace-id'] } : {}),
  });
  await app.register(cookie);
  // Read by each form route within its own limits (the kit's `form`), refused unread elsewhere.
  registerMultipart(app);
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      done(null, qs.parse(body as string, { depth: 2, arrayLimit: 20, parameterLimit: 100 }));
    },
  );

  if (bucket) {
    registerBucketUploads(app, bucket);
    app.addHook('onClose', async () => bucket.close());
  } else await registerDiskUploads(app, path.join(config.dataDir, 'uploads'));

  await registerDocs(app);

  await app.register(
    async (api) => {
      const v1 = api as unknown as ZodApp;
      registerHealthRoutes(v1, {
        db: database.db,
        kit: ctx.kit,
        probes: {
          ...(limits.kind === 'redis' ? { redis: limits.check } : {}),
          images: images.check,
          ...(catalogIndex
            ? { catalog: catalogReadiness(catalogIndex, { waitMs: config.readyTimeoutMs / 2 }) }
            : {}),
        },
        boundMs: config.readyTimeoutMs,
      });
      registerIdentityRoutes(v1, ctx);
      registerPasswordRoutes(v1, ctx);
      registerMeRoutes(v1, ctx);
      registerProductRoutes(v1, ctx, catalogIndex);
      registerCatalogFeedRoutes(v1, ctx);
      registerReleaseReportRoutes(v1, ctx);
      registerReviewRoutes(v1, ctx);
      registerOrderRoutes(v1, ctx);
      registerCartRoutes(v1, ctx);
      registerPaymentRoutes(v1, ctx);
      // A scope of its own: the beacon's text/plain parser applies to it alone.
      await v1.register(async (scope) => registerRumRoutes(scope as unknown as ZodApp, ctx));
      registerPaymentMethodRoutes(v1, ctx);
      registerCashOnDeliveryRoutes(v1, ctx);
      registerInvoiceRoutes(v1, ctx);
      if (upi) registerUpiRoutes(v1, ctx, upi);
      if (razorpay) registerRazorpayRoutes(v1, ctx, razorpay);
      await v1.register(
        async (plugin) => {
          const admin = plugin as unknown as ZodApp;
          admin.addHook('onRequest', ctx.guards.requireAdmin);
          registerAdminUserRoutes(admin, ctx);
          registerAdminProductRoutes(admin, ctx);
          registerAdminReviewRoutes(admin, ctx);
          registerAdminOrderRoutes(admin, ctx);
          registerOrderRefundRoutes(admin, ctx);
          registerSiteHealthRoutes(admin, ctx);
          registerAdminActivityRoutes(admin, ctx);
          // A scope of its own: its text/csv parser applies to the import alone.
          await admin.register(async (scope) => registerSpreadsheetRoutes(scope as unknown as ZodApp, ctx));
        },
        { prefix: '/admin' },
      );
    },
    { prefix: '/api/v1' },
  );

  return app as unknown as ShopApp;
}
