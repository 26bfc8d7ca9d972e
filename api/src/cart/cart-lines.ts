import { badRequest } from '../http/errors.ts';

const MAX_UNITS_PER_PRODUCT = 1000;

/**
 * A saved cart's or an order's lines as quantities per product (a product named twice is one line),
 * within the bound; `field` names the lines in the 400's message.
 */
export function quantitiesOf(
  lines: readonly { product: string; quantity: number }[],
  field: 'orderItems' | 'lines' = 'orderItems',
) {
  const quantities = new Map<string, number>();
  for (const line of lines) quantities.set(line.product, (quantities.get(line.product) ?? 0) + line.quantity);
  for (const quantity of quantities.values()) {
    if (quantity > MAX_UNITS_PER_PRODUCT)
      throw badRequest(`${field}: at most ${MAX_UNITS_PER_PRODUCT} of one product`);
  }
  return quantities;
}
