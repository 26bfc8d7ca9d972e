import { cartResponseSchema, saveCartRequestSchema } from '@shop/shared-api/schemas';
import type { AppContext } from '../context.ts';
import type { ZodApp } from '../http/types.ts';
import { HttpError } from '../http/errors.ts';
import { currentUser } from '../http/route-kit.ts';
import { quantitiesOf } from './cart-lines.ts';
import { readCart, saveCart } from './cart-repository.ts';

const tag = 'cart';
const CHANGED_ELSEWHERE = 'Your cart was changed on another device or tab: fetch it and save again';

/**
 * The signed-in shopper's cart, kept so it follows the account between devices (issue 28). Only the
 * caller's own: there is no id to name anyone else's. A guest's cart stays in the browser.
 */
export function registerCartRoutes(app: ZodApp, ctx: AppContext) {
  const { db, kit } = ctx;

  app.get(
    '/cart',
    kit.user({
      tag,
      summary: 'My saved cart, priced from the catalog as it is now',
      description:
        'Each line carries the product’s current name, price, picture and stock; a product sold out or ' +
        'deleted since stays in the cart with stock 0.',
      response: { 200: cartResponseSchema },
    }),
    async (request) => ({
      success: true as const,
      cart: await readCart(db, currentUser(request).id, kit.baseUrlOf(request)),
    }),
  );

  app.put(
    '/cart',
    kit.user({
      tag,
      summary: 'Replace my saved cart (last change wins)',
      description:
        'Only product ids and quantities are read, as for an order; names, prices and stock come from the ' +
        'catalog and each quantity is kept within the stock. `version` is the version of the cart the lines ' +
        'were made from: if the cart has changed since (another device or tab), the answer is 409 and ' +
        'nothing is saved.',
      body: saveCartRequestSchema,
      response: { 200: cartResponseSchema },
      errors: [404, 409],
    }),
    async (request) => {
      const { lines, version } = request.body;
      const saved = await saveCart(
        db,
        currentUser(request).id,
        quantitiesOf(lines, 'lines'),
        version,
        kit.baseUrlOf(request),
      );
      if (!saved) throw new HttpError(409, CHANGED_ELSEWHERE);
      return { success: true as const, cart: saved };
    },
  );
}
