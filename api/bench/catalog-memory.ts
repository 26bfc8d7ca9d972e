// The in-memory catalog index's cost: `node --expose-gc api/bench/catalog-memory.ts [products]`.
// Loads the seeded catalog plus N bench products (default 10,000) into an in-memory PGlite, then prints
// how long one snapshot load takes, the heap it keeps, the time of one random-filter page from it (and of a
// keyword alone, and in a category), and what a change naming one product costs: its read, and the patch
// (the part that holds the event loop) for a stock change, a price change, a product added and one
// deleted with every sorted shelf built, the keywords asked again after each, and the first page of each
// sort.
import type { PGlite } from '@electric-sql/pglite';
import { PRODUCT_CATEGORIES, PRODUCT_SORTS, productListQuerySchema } from '@shop/shared-api/schemas';
import { openDatabase } from '../src/db/client.ts';
import {
  loadCatalogProducts,
  loadCatalogSnapshot,
  pageOfSnapshot,
  patchSnapshot,
  suggestionsOfSnapshot,
} from '../src/catalog/catalog-snapshot.ts';

const count = Number(process.argv[2] ?? 10_000);
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc');

const database = await openDatabase({ pgliteDir: 'memory' });
const client = (database.db as unknown as { $client: PGlite }).$client;
await client.exec(`
  insert into products (id, name, price_paise, description, category, stock, images, ratings, created_at)
  select substr(md5('bench' || g), 1, 24), 'Bench Product ' || g, 10000 + (g * 7919) % 2490000,
    'A bench product for measuring the catalog under load.', (array['Laptop','Camera','Tops'])[1 + g % 3],
    g % 50, '[{"url":"/uploads/products/x.png"}]'::jsonb, (g % 501) / 100.0, now() - make_interval(mins => g)
  from generate_series(1, ${count}) g`);

gc();
const before = process.memoryUsage().heapUsed;
const started = performance.now();
const snapshot = await loadCatalogSnapshot(database.db);
const loadMs = performance.now() - started;
gc();
const kept = process.memoryUsage().heapUsed - before;

const query = productListQuerySchema.parse({
  keyword: 'product 12',
  price: { gte: 100, lte: 20000 },
  page: 2,
});
/** One page of `list` from the snapshot, in µs: the mean of 2,000 (the first, which makes its shelf's names, among them). */
function pageTimeUs(list: typeof query) {
  const rounds = 2000;
  const pageStarted = performance.now();
  for (let i = 0; i < rounds; i++) pageOfSnapshot(snapshot, list, 'http://localhost');
  return Math.round(((performance.now() - pageStarted) / rounds) * 1000);
}
const pageUs = pageTimeUs(query);
// A shopper's search as typed in the box: the keyword alone, then in a category (shelf-names.ts).
const keywordAloneUs = pageTimeUs(productListQuerySchema.parse({ keyword: 'product 12' }));
const keywordInCategoryUs = pageTimeUs(
  productListQuerySchema.parse({ keyword: 'product 12', category: 'Camera' }),
);

/** One product changed by `change` (SQL), read again and patched in: the read's and the patch's ms. */
async function patchOne(change: string) {
  const id = snapshot.all.products[Math.floor(snapshot.all.products.length / 2)]!.row.id;
  await client.query(`update products set ${change} where id = $1`, [id]);
  const readStarted = performance.now();
  const fresh = await loadCatalogProducts(database.db, [id]);
  const patchStarted = performance.now();
  if (!patchSnapshot(snapshot, [id], fresh)) throw new Error('the patch did not apply');
  return { readMs: patchStarted - readStarted, patchMs: performance.now() - patchStarted };
}
const stockPatch = await patchOne('stock = stock + 1');
/** The first page of each order other than the spec's: the one request that sorts the whole catalog. */
const firstSortedPageMs = Object.fromEntries(
  PRODUCT_SORTS.filter((sort) => sort !== 'newest').map((sort) => {
    const sortStarted = performance.now();
    pageOfSnapshot(snapshot, productListQuerySchema.parse({ sort }), 'http://localhost');
    return [`first page sorted by ${sort} ms`, { value: Math.round(performance.now() - sortStarted) }];
  }),
);
for (const sort of PRODUCT_SORTS)
  for (const category of [undefined, ...PRODUCT_CATEGORIES])
    pageOfSnapshot(snapshot, productListQuerySchema.parse({ sort, category }), 'http://localhost');
const pricePatch = await patchOne('price_paise = price_paise + 100');

/** A product added (created in a millisecond of its own, between others) or deleted, patched in: the patch's ms. */
async function patchAddedOrDeleted(change: 'add' | 'delete') {
  const middle = snapshot.all.products[Math.floor(snapshot.all.products.length / 2)]!.row;
  const id = change === 'add' ? 'added0000000000000000000' : middle.id;
  if (change === 'add')
    await client.query(
      `insert into products (id, name, price_paise, description, category, stock, images, ratings, created_at)
       values ($1, 'Added Bench Product', 123400, 'Added.', 'Camera', 5, '[]'::jsonb, 4.2, $2)`,
      [id, new Date(middle.createdAt.getTime() + 1000)],
    );
  else await client.query('delete from products where id = $1', [id]);
  const fresh = await loadCatalogProducts(database.db, [id]);
  const patchStarted = performance.now();
  if (!patchSnapshot(snapshot, [id], fresh)) throw new Error(`the ${change} was not patched`);
  const patchMs = performance.now() - patchStarted;
  // What the lists right after a product added or deleted wait for besides the patch: the restocked
  // shelves' names (the whole catalog's, Camera's) and the positions of the keywords asked before it.
  const searchStarted = performance.now();
  searchEveryKeyword();
  const nextSearchesMs = performance.now() - searchStarted;
  return { patchMs, nextSearchesMs, nextSuggestionMs: firstSuggestionMs() };
}
/** A search box's suggestion (a typo), in ms: the first after a load or a change works out the names' trigrams unless carried. */
function firstSuggestionMs() {
  const started = performance.now();
  suggestionsOfSnapshot(snapshot, 'prodct 12', 'http://localhost');
  return performance.now() - started;
}
/** Twenty keywords of ~1,100 names each, alone and in a category: what shoppers asked before a change. */
const searchEveryKeyword = () => {
  for (let i = 10; i < 30; i++)
    for (const category of [undefined, 'Camera'])
      pageOfSnapshot(
        snapshot,
        productListQuerySchema.parse({ keyword: `product ${i}`, category }),
        'http://localhost',
      );
};
searchEveryKeyword();
const suggestionAfterLoadMs = firstSuggestionMs();
const added = await patchAddedOrDeleted('add');
const deleted = await patchAddedOrDeleted('delete');

/** The same twenty keywords by price and by rating, alone and in Camera: the sorted shelves' names. */
const searchEverySortedKeyword = () => {
  for (let i = 10; i < 30; i++)
    for (const sort of ['price_asc', 'rating'] as const)
      for (const category of [undefined, 'Camera'])
        pageOfSnapshot(
          snapshot,
          productListQuerySchema.parse({ keyword: `product ${i}`, category, sort }),
          'http://localhost',
        );
};
/** A Camera's price moved far (its place on both sorted shelves it sits on), then the sorted searches again. */
async function patchRepriced() {
  searchEverySortedKeyword();
  const cameras = snapshot.byCategory.get('Camera')!.products;
  const { id } = cameras[Math.floor(cameras.length / 2)]!;
  await client.query('update products set price_paise = 10000 + (price_paise * 7) % 2490000 where id = $1', [
    id,
  ]);
  const fresh = await loadCatalogProducts(database.db, [id]);
  const patchStarted = performance.now();
  if (!patchSnapshot(snapshot, [id], fresh)) throw new Error('the price change was not patched');
  const patchMs = performance.now() - patchStarted;
  const searchStarted = performance.now();
  searchEverySortedKeyword();
  return { patchMs, nextSearchesMs: performance.now() - searchStarted };
}
const repriced = await patchRepriced();

/** A Camera renamed: its new name taken into every shelf's names and the trigrams, then the searches again. */
async function patchRenamed() {
  const cameras = snapshot.byCategory.get('Camera')!.products;
  const { id } = cameras[Math.floor(cameras.length / 3)]!;
  await client.query(`update products set name = 'Renamed Bench Product 12' where id = $1`, [id]);
  const fresh = await loadCatalogProducts(database.db, [id]);
  const patchStarted = performance.now();
  if (!patchSnapshot(snapshot, [id], fresh)) throw new Error('the rename was not patched');
  const patchMs = performance.now() - patchStarted;
  const searchStarted = performance.now();
  searchEveryKeyword();
  searchEverySortedKeyword();
  const nextSearchesMs = performance.now() - searchStarted;
  return { patchMs, nextSearchesMs, nextSuggestionMs: firstSuggestionMs() };
}
const renamed = await patchRenamed();
const ms = (value: number) => Math.round(value * 10) / 10;

console.table({
  products: { value: snapshot.all.products.length },
  'snapshot load ms': { value: Math.round(loadMs) },
  'heap kept MB': { value: (kept / 1024 / 1024).toFixed(1) },
  'one page from memory µs': { value: pageUs },
  'the keyword alone, page 1 µs': { value: keywordAloneUs },
  'the keyword in a category, page 1 µs': { value: keywordInCategoryUs },
  "a stock change: the product's read ms": { value: ms(stockPatch.readMs) },
  'a stock change: patch ms': { value: ms(stockPatch.patchMs) },
  'a price change, every sort shelved: patch ms': { value: ms(pricePatch.patchMs) },
  'a product added, every sort shelved: patch ms': { value: ms(added.patchMs) },
  'a product added: 20 keywords after it, alone and in its category, ms': { value: ms(added.nextSearchesMs) },
  "the first suggestion of a snapshot (the names' trigrams made) ms": { value: ms(suggestionAfterLoadMs) },
  'a product added: the next suggestion ms': { value: ms(added.nextSuggestionMs) },
  'a product deleted, every sort shelved: patch ms': { value: ms(deleted.patchMs) },
  'a product deleted: 20 keywords after it, alone and in its category, ms': {
    value: ms(deleted.nextSearchesMs),
  },
  'a product deleted: the next suggestion ms': { value: ms(deleted.nextSuggestionMs) },
  'a product renamed: patch ms': { value: ms(renamed.patchMs) },
  'a product renamed: the 120 searches after it ms': { value: ms(renamed.nextSearchesMs) },
  'a product renamed: the next suggestion ms': { value: ms(renamed.nextSuggestionMs) },
  'a price change, keywords asked by price and rating: patch ms': { value: ms(repriced.patchMs) },
  'a price change: 20 keywords after it by price and rating, alone and in its category, ms': {
    value: ms(repriced.nextSearchesMs),
  },
  ...firstSortedPageMs,
});
await database.close();
