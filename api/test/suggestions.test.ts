import { beforeAll, describe, expect, it } from 'vitest';
import { inArray, sql } from 'drizzle-orm';
import { SUGGESTIONS_PER_ANSWER } from '@shop/shared-api/schemas';
import { useTestApp } from './helpers/test-app.ts';
import { addProduct } from './helpers/shop.ts';
import { SEED_PRODUCTS } from '../src/seed/catalog-data.ts';
import {
  loadCatalogProducts,
  loadCatalogSnapshot,
  patchSnapshot,
  suggestionsOfSnapshot,
} from '../src/catalog/catalog-snapshot.ts';
import { loadSuggestions } from '../src/catalog/suggestion-statements.ts';
import { wordSimilarityOfTexts } from '../src/catalog/trigrams.ts';
import { rowsOf } from '../src/db/rows.ts';
import { products } from '../src/db/schema.ts';

// The search box's suggestions (issue 28): GET /products/suggest?q=, answered from the memory index or,
// without one, by the database's pg_trgm; both must suggest the same products in the same order.

const t = useTestApp();
const baseUrl = 'http://shop.test';

/** Misspellings a shopper types, and the word each should reach. */
const MISSPELLINGS = [
  ['lptop', 'laptop'],
  ['laptp', 'laptop'],
  ['camra', 'camera'],
  ['camerra', 'camera'],
  ['sneekers', 'sneakers'],
  ['trousrs', 'trousers'],
  ['kurtaa', 'kurta'],
  ['phoen', 'phone'],
] as const;
/** Literal beginnings, words inside names, odd characters and nothing-alike text. */
const OTHER_QUERIES = ['la', 'lap', 'cotton', 'GB', 'top', '14-inch', '50%', 'a_b', '!!', 'zzqx', 'x y z'];

async function suggest(q: string) {
  const response = await t.request('GET', `/products/suggest?q=${encodeURIComponent(q)}`);
  return { status: response.statusCode, body: response.json() };
}

beforeAll(async () => {
  // The demo catalog's names, oldest first, with a few names that only look alike.
  const start = Date.parse('2026-01-01T00:00:00Z');
  const names = [...SEED_PRODUCTS.map((product) => product.name), 'Lap Desk', 'Tablet Stand 50% Off', 'a_b'];
  for (const [i, name] of names.entries()) {
    await addProduct(t.app, { name, pricePaise: 10_000 + i * 100, createdAt: new Date(start + i * 1000) });
  }
});

describe('GET /products/suggest', () => {
  it('suggests the laptops for "lptop", with name, price and picture', async () => {
    const { status, body } = await suggest('lptop');
    expect(status).toBe(200);
    expect(body.products.length).toBeGreaterThan(0);
    for (const product of body.products) {
      expect(product.name).toMatch(/laptop/i);
      expect(product).toEqual({
        _id: expect.stringMatching(/^[0-9a-f]{24}$/),
        name: product.name,
        price: expect.any(Number),
        image: { url: expect.stringMatching(/^https?:\/\/.+\/uploads\/products\/test\.png$/) },
      });
    }
  });

  it('lists the literal matches (what Enter lists) before the near ones, at most 6', async () => {
    const { body } = await suggest('lap');
    const names: string[] = body.products.map((product: { name: string }) => product.name);
    expect(names.length).toBeLessThanOrEqual(SUGGESTIONS_PER_ANSWER);
    expect(names.slice(0, 4).every((name) => name.toLowerCase().includes('lap'))).toBe(true);
    // Among the literal ones, the closest word first: "Lap" itself (1.0) before "Laptop" (0.75).
    expect(names[0]).toBe('Lap Desk');
  });

  it('answers 400 with a clear message for text too short, too long, missing or unstorable', async () => {
    for (const [query, message] of [
      ['?q=l', 'q must be at least 2 characters'],
      ['?q=%20%20l%20', 'q must be at least 2 characters'],
      [`?q=${'a'.repeat(101)}`, 'q must be at most 100 characters'],
      ['', 'q is required'],
      ['?q=ab%00', 'cannot be stored'],
    ] as const) {
      const response = await t.request('GET', `/products/suggest${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message, query).toContain(message);
    }
  });

  it('shows a new product at once', async () => {
    expect((await suggest('zeppelin')).body.products).toEqual([]);
    await addProduct(t.app, { name: 'Zeppelin Model Kit' });
    expect((await suggest('zepelin')).body.products.map((p: { name: string }) => p.name)).toEqual([
      'Zeppelin Model Kit',
    ]);
  });
});

describe('the memory index and the database agree', () => {
  it('computes word similarity exactly as pg_trgm does', async () => {
    const names = SEED_PRODUCTS.map((product) => product.name).concat('Laptop laptop LAPTOP', 'aaa aaa');
    const queries = [...MISSPELLINGS.map(([typed]) => typed), ...OTHER_QUERIES, 'aa', 'laptop lptop'];
    const result = await t.app.shop.db.execute(sql`
      select q, name, word_similarity(q, name) as similarity
      from unnest(${sql.raw(`array[${queries.map((q) => `'${q.replace(/'/g, "''")}'`).join(',')}]`)}) as q,
        unnest(${sql.raw(`array[${names.map((n) => `'${n.replace(/'/g, "''")}'`).join(',')}]`)}) as name`);
    const rows = rowsOf<{ q: string; name: string; similarity: number }>(result);
    expect(rows).toHaveLength(queries.length * names.length);
    for (const row of rows) {
      expect(wordSimilarityOfTexts(row.q, row.name), `${row.q} / ${row.name}`).toBe(
        Math.fround(Number(row.similarity)),
      );
    }
  });

  it('suggests the same products in the same order for misspellings and literal text', async () => {
    const db = t.app.shop.db;
    const snapshot = await loadCatalogSnapshot(db);
    for (const [typed, word] of MISSPELLINGS) {
      const fromMemory = suggestionsOfSnapshot(snapshot, typed, baseUrl);
      expect(fromMemory.length, typed).toBeGreaterThan(0);
      expect(fromMemory[0]!.name.toLowerCase(), typed).toContain(word);
      expect(fromMemory, typed).toEqual(await loadSuggestions(db, typed, baseUrl));
    }
    for (const q of OTHER_QUERIES) {
      expect(suggestionsOfSnapshot(snapshot, q, baseUrl), q).toEqual(await loadSuggestions(db, q, baseUrl));
    }
  });

  it('still agree after products added, deleted and renamed, the trigrams carried rather than made again', async () => {
    const db = t.app.shop.db;
    const snapshot = await loadCatalogSnapshot(db);
    suggestionsOfSnapshot(snapshot, 'lptop', baseUrl);
    const trigrams = snapshot.nameTrigrams;
    expect(trigrams).toBeDefined();
    const [oldest, , third] = snapshot.all.products.toReversed();
    const deleted = [oldest!.id, third!.id];
    await db.delete(products).where(inArray(products.id, deleted));
    // Newest of all, between the demo's (a second of its own), and with trigrams no name had.
    const added = [
      await addProduct(t.app, { name: 'Zeppelin Laptop Sleeve', createdAt: new Date(Date.now() + 60_000) }),
      await addProduct(t.app, {
        name: 'Camera Strap',
        createdAt: new Date(Date.parse('2026-01-01T00:00:02.5Z')),
      }),
    ];
    // And one renamed: its old name's trigrams out, the new one's in.
    const renamed = snapshot.all.products[3]!.id;
    await db
      .update(products)
      .set({ name: 'Walkie Talkie Pair' })
      .where(inArray(products.id, [renamed]));
    const named = [...deleted, ...added.map((product) => product.id), renamed];
    expect(patchSnapshot(snapshot, named, await loadCatalogProducts(db, named))).toBe(true);
    expect(snapshot.nameTrigrams).toBeDefined();
    expect(snapshot.nameTrigrams).not.toBe(trigrams);
    for (const q of [
      ...MISSPELLINGS.map(([typed]) => typed),
      ...OTHER_QUERIES,
      'zepelin',
      'strap',
      'sleev',
      'walky',
      'talkie',
    ])
      expect(suggestionsOfSnapshot(snapshot, q, baseUrl), q).toEqual(await loadSuggestions(db, q, baseUrl));
  });
});

describe('the memory index and the database agree on a catalog of look-alike names', () => {
  it('ranks ties by the list order alike, among hundreds of equally close names', async () => {
    const adjectives = ['Classic', 'Pro', 'Slim', 'Smart'];
    const nouns = ['Laptop', 'Phone', 'Camera', 'Watch'];
    const start = Date.parse('2026-02-01T00:00:00Z');
    for (let i = 0; i < 320; i++) {
      await addProduct(t.app, {
        name: `${adjectives[i % 4]} ${nouns[Math.floor(i / 4) % 4]} ${i}`,
        // Every fifth shares its moment with the one before: the id decides.
        createdAt: new Date(start + Math.floor(i - (i % 5 === 0 ? 1 : 0)) * 1000),
      });
    }
    const db = t.app.shop.db;
    const snapshot = await loadCatalogSnapshot(db);
    const queries = [
      'pr',
      'pro',
      'pro l',
      'pro lap 1',
      'slm',
      'smart phne',
      'cam 3',
      'lptop 12',
      'watc 7',
      'wtch',
    ];
    for (const q of queries) {
      const fromMemory = suggestionsOfSnapshot(snapshot, q, baseUrl);
      expect(fromMemory.length, q).toBe(SUGGESTIONS_PER_ANSWER);
      expect(fromMemory, q).toEqual(await loadSuggestions(db, q, baseUrl));
    }
    // The index reuses its working counts from one query to the next: an answer must not depend on what
    // was asked before it (a long query's counts read by a shorter one would change it).
    const asked = [...queries, 'classic laptop camera phone watch 123', ...queries.toReversed()];
    const answers = new Map<string, unknown>();
    for (const q of asked) {
      const answer = suggestionsOfSnapshot(snapshot, q, baseUrl);
      if (answers.has(q)) expect(answer, `${q}, asked again`).toEqual(answers.get(q));
      else answers.set(q, answer);
    }
  });
});
