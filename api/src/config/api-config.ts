// What the api is configured with: every setting, read from the environment by load-config.ts and
// checked before start by config-problems.ts.

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
  /** Connections each instance opens to PostgreSQL, and to its read replica; unset: db/client.ts's default. */
  databasePoolSize: number | undefined;
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

/** Where uploaded images go when S3_BUCKET is set; credentials come from the standard AWS variables. */
export interface S3Settings {
  bucket: string;
  region: string;
  /** A non-AWS endpoint (MinIO, R2, …); unset means AWS itself. */
  endpoint: string | undefined;
  forcePathStyle: boolean;
}
