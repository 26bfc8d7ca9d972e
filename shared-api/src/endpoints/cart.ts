import type { cartResponseSchema, SaveCartRequest, ShopperCart } from '../schemas/index.ts';
import { call, type Answer } from '../client/call.ts';
import { FALLBACK_MESSAGES } from '../errors.ts';

/** GET /cart: the signed-in shopper's saved cart, priced from the catalog as it is now. */
export async function getSavedCart(): Promise<ShopperCart> {
  const { cart } = await call<Answer<typeof cartResponseSchema>>(FALLBACK_MESSAGES.getCart, (api) =>
    api.get('cart').json(),
  );
  return cart;
}

/** PUT /cart: replaces the saved cart if it is still at `version` (else an ApiError with status 409). */
export async function saveCart(request: SaveCartRequest): Promise<ShopperCart> {
  const { cart } = await call<Answer<typeof cartResponseSchema>>(FALLBACK_MESSAGES.saveCart, (api) =>
    api.put('cart', { json: request }).json(),
  );
  return cart;
}
