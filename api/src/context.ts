import type { ApiConfig } from './config/api-config.ts';
import type { Db } from './db/client.ts';
import type { CatalogReads } from './db/read-replica.ts';
import type { AnswerCache } from './http/answer-cache.ts';
import type { RouteKit } from './http/route-kit.ts';
import type { AccessTokens } from './auth/access-tokens.ts';
import type { Guards } from './auth/guards.ts';
import type { ImageStore } from './storage/image-store.ts';
import type { PaymentGateway } from './payment-gateways/gateway.ts';
import type { PaymentRequestGateway } from './payment-gateways/upi-gateway.ts';
import type { Mailer } from './mail/mailer.ts';
import type { PaymentRefunder } from './payment-gateways/payment-refunder.ts';
import type { PasswordGuessLimits } from './auth/password-guesses.ts';
import type { RefreshSeal } from './auth/refresh-seal.ts';
import type { ShopMetrics } from './observability/metrics.ts';

/** What route files need, built once in app.ts. */
export interface AppContext {
  config: ApiConfig;
  db: Db;
  /** The storefront catalog's reads: a read replica when one is configured and caught up, else `db`. */
  catalogReads: CatalogReads;
  kit: RouteKit;
  tokens: AccessTokens;
  /** Seals refresh cookies, so one this api never issued is refused before it can touch a session. */
  refreshSeal: RefreshSeal;
  guards: Guards;
  images: ImageStore;
  payments: PaymentGateway;
  /**
   * UPI's gateway (payments answered later, settled by webhook): the local test gateway outside
   * production, Razorpay when its keys are set; null when UPI is not offered.
   */
  upi: PaymentRequestGateway | null;
  /** Gives an order's money back through the gateway that took it (card, UPI or Razorpay; cash: none). */
  refunds: PaymentRefunder;
  /** Password reset links and order confirmations: SMTP when SMTP_URL is set, else the log. */
  mailer: Mailer;
  /** Serialized catalog answers; every product, review, stock or reviewer change clears it. */
  catalogCache: AnswerCache;
  /** The one budget of password guesses that logins and current-password checks share. */
  passwordGuesses: PasswordGuessLimits;
  /** Orders, payments and catalog cache figures for /metrics (no-ops when metrics are off). */
  metrics: ShopMetrics;
}
