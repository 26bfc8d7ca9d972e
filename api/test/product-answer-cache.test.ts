import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { products } from '../src/db/schema.ts';
import { useTestApp } from './helpers/test-app.ts';
import { addProduct, placePaidOrder, register } from './helpers/shop.ts';

// A product's own answer is dropped by a change of that product, not of another: in a shop taking orders
// (each changes its lines' stock) the product answers would otherwise never stay cached. The answers are
// kept a minute here, so only a dropped answer can show a price written behind the api's back.
const t = useTestApp({ admin: true, config: { catalogCacheMs: 60_000 } });

const priceOf = async (id: string) =>
  (await t.request('GET', `/product/${id}`)).json().product.price as number;
/** A price written straight into the database: no change is announced, the cache does not hear of it. */
const priceBehindTheApi = (id: string, pricePaise: number) =>
  t.app.shop.db.update(products).set({ pricePaise }).where(eq(products.id, id));

describe("a product's cached answer", () => {
  it("stays through another product's edit and an order of another, and goes with its own and with a nameless change", async () => {
    const kept = await addProduct(t.app, { pricePaise: 50_000 });
    const edited = await addProduct(t.app, { pricePaise: 60_000 });
    expect(await priceOf(kept.id)).toBe(500);
    await priceBehindTheApi(kept.id, 55_500);
    const listedPrice = async () => {
      const list = await t.request('GET', '/products?category=Laptop');
      const products = list.json().products as { _id: string; price: number }[];
      return products.find((product) => product._id === edited.id)?.price;
    };
    expect(await listedPrice()).toBe(600);

    const edit = await t.request('PUT', `/admin/product/${edited.id}`, {
      as: t.admin,
      payload: { name: 'Edited', price: 650, description: '', category: 'Laptop', stock: 4 },
    });
    expect(edit.statusCode).toBe(200);
    expect(await priceOf(edited.id)).toBe(650);
    await placePaidOrder(t.app, await register(t.app));
    expect(await priceOf(kept.id)).toBe(500); // still the cached answer

    // A list is dropped by any change: it may show any product.
    expect(await listedPrice()).toBe(650);

    t.app.shop.catalogCache.invalidate([kept.id]);
    expect(await priceOf(kept.id)).toBe(555);
    await priceBehindTheApi(kept.id, 57_700);
    expect(await priceOf(kept.id)).toBe(555);
    t.app.shop.catalogCache.invalidate(); // a reviewer renamed, an import: anything may have changed
    expect(await priceOf(kept.id)).toBe(577);
  });
});
