import type { Role } from '@shop/shared-api';

/** What the authentication provider knows about the person (the fallback of docs/product.md, things the shop keeps). */
export interface ProviderProfile {
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
  imageUrl?: string | null;
  /** From the provider's public metadata. */
  role?: Role | null;
}
