import { toPaise } from '@shop/shared-api/schemas';
import type { HttpShop } from '../../test/helpers/http-shop.ts';

export interface BenchProduct {
  id: string;
  pricePaise: number;
}

const BENCH_STOCK = 1_000_000;

/**
 * The seeded catalog's products, each restocked by the seeded admin so a minute of checkouts never runs
 * out (a refusal for stock would be a correct answer, but not the traffic being measured).
 */
export async function prepareCatalog(shop: HttpShop): Promise<BenchProduct[]> {
  const admin = await shop.login('admin@example.com', 'Admin12345');
  const ids: string[] = [];
  for (let page = 1; ; page++) {
    const { status, body } = await shop.call('GET', `/products?page=${page}`);
    if (status !== 200) throw new Error(`product list: ${status}`);
    const products = body.products as { _id: string; stock: number }[];
    if (products.length === 0) break;
    ids.push(...products.map((product) => product._id));
    if (ids.length >= (body.productsCount as number)) break;
  }
  for (const id of ids) {
    const { body } = await shop.call('GET', `/product/${id}`);
    const product = body.product as { name: string; price: number; description: string; category: string };
    const { status, body: answer } = await shop.call(
      'PUT',
      `/admin/product/${id}`,
      {
        name: product.name,
        price: product.price,
        description: product.description,
        category: product.category,
        stock: BENCH_STOCK,
      },
      admin.auth,
    );
    if (status !== 200) throw new Error(`restocking ${id}: ${status} ${JSON.stringify(answer)}`);
  }
  const prices = [];
  for (const id of ids) {
    const { body } = await shop.call('GET', `/product/${id}`);
    prices.push({ id, pricePaise: toPaise((body.product as { price: number }).price) });
  }
  return prices;
}
