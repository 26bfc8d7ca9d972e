import type { ApiConfig } from './config.ts';
import type { Db } from './db/client.ts';
import type { AccessTokens } from './auth/access-tokens.ts';
import type { Guards } from './auth/guards.ts';
import type { ImageStore } from './storage/image-store.ts';
import type { PaymentGateway } from './payments/gateway.ts';
import type { CatalogCache } from './catalog/catalog-cache.ts';

/** What route files need, built once in app.ts. */
export interface AppContext {
  config: ApiConfig;
  db: Db;
  tokens: AccessTokens;
  guards: Guards;
  images: ImageStore;
  payments: PaymentGateway;
  catalogCache: CatalogCache;
}
