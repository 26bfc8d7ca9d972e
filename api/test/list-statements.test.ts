import { beforeAll, describe, expect, it } from 'vitest';
import { productListQuerySchema } from '@shop/shared-api/schemas';
import { useTestApp } from './helpers/test-app.ts';
import { addProduct } from './helpers/shop.ts';
import { loadProductPage } from '../src/catalog/product-repository.ts';
import { compiledStatementCount } from '../src/db/prepared.ts';

// The list's two statements are built and compiled once a shape (catalog/list-shape.ts), their values bound
// as placeholders: building and compiling them on every list was a third of the api's CPU a list under load.
const t = useTestApp({ config: { catalogCacheMs: 0 } });
const baseUrl = 'http://shop.test';

beforeAll(async () => {
  for (let i = 1; i <= 24; i++)
    await addProduct(t.app, {
      name: `${i % 3 ? 'Brass' : 'Copper'} Lantern ${i}`,
      pricePaise: 10_000 * i,
      category: i % 2 ? 'Attire' : 'Tops',
      ratings: i % 5,
    });
});

const list = (raw: Record<string, unknown>) =>
  loadProductPage(t.app.shop.db, productListQuerySchema.parse(raw), baseUrl);

const names = (answer: Awaited<ReturnType<typeof list>>) => answer.products.map((product) => product.name);

describe("the product list's statements", () => {
  it('are compiled once a shape, and each list of that shape answers its own values', async () => {
    // One shape: a keyword counted from its words' pairs, a category, a price range over whole bands.
    const before = compiledStatementCount();
    const brass = await list({
      keyword: 'brass',
      category: 'Attire',
      price: { gte: 50, lte: 1050 },
      sort: 'price_asc',
    });
    // Its count and its page.
    expect(compiledStatementCount()).toBe(before + 2);
    const copper = await list({
      keyword: 'copper',
      category: 'Tops',
      price: { gte: 250, lte: 2050 },
      sort: 'price_asc',
    });
    const lantern = await list({
      keyword: 'lantern',
      category: 'Attire',
      price: { gte: 1450, lte: 2450 },
      sort: 'price_asc',
    });
    expect(compiledStatementCount()).toBe(before + 2);

    expect(names(brass)).toEqual(['Brass Lantern 1', 'Brass Lantern 5', 'Brass Lantern 7']);
    expect(brass.filteredProductsCount).toBe(3);
    expect(names(copper)).toEqual(['Copper Lantern 6', 'Copper Lantern 12', 'Copper Lantern 18']);
    expect(names(lantern)).toEqual([
      'Copper Lantern 15',
      'Brass Lantern 17',
      'Brass Lantern 19',
      'Copper Lantern 21',
      'Brass Lantern 23',
    ]);
    expect(lantern.filteredProductsCount).toBe(5);
  });

  it('answer another shape with statements of its own', async () => {
    const before = compiledStatementCount();
    const rated = await list({ category: 'Tops', ratings: { gte: 4 }, sort: 'price_desc' });
    expect(compiledStatementCount()).toBe(before + 2);
    expect(names(rated)).toEqual(['Copper Lantern 24', 'Brass Lantern 14', 'Brass Lantern 4']);
  });
});
