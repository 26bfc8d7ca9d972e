import { PRODUCT_SORTS } from '@shop/shared-api/schemas';
import { describe, expect, it } from 'vitest';
import type { ProductRow } from '../db/schema.ts';
import {
  shelfOf,
  shelve,
  shelveByCategory,
  type IndexedProduct,
  type ShelvedCatalog,
} from './catalog-shelves.ts';
import { reshelve } from './shelf-changes.ts';
import { idHalves } from './id-halves.ts';

let seed = 11;
const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const CATEGORIES = ['Camera', 'Laptop', 'Tops'];
const pick = <T>(values: readonly T[]) => values[Math.floor(random() * values.length)]!;

const product = (i: number): IndexedProduct => ({
  id: i.toString(16).padStart(24, '0'),
  category: pick(CATEGORIES),
  // Few prices and ratings, so ties (broken by id) are many.
  pricePaise: 100 * Math.floor(random() * 20),
  ratings: Math.floor(random() * 6),
  folded: `product ${i}`,
  reviews: [],
  row: { createdAt: new Date(1_700_000_000_000 - i * 1000) } as ProductRow,
});

const catalogOf = (entries: IndexedProduct[]): ShelvedCatalog => ({
  all: shelve(entries),
  byCategory: shelveByCategory(entries),
  sorted: new Map(),
  ...idHalves(entries),
});

const sortedKeys = PRODUCT_SORTS.filter((sort) => sort !== 'newest').flatMap((sort) =>
  [undefined, ...CATEGORIES].map((category) => ({ sort, category })),
);

describe('the sorted shelves after a price, rating or category change', () => {
  it('are in order and say where each product came from, change after change', () => {
    const entries = Array.from({ length: 120 }, (_, i) => product(i));
    const catalog = catalogOf(entries);
    for (const { sort, category } of sortedKeys) shelfOf(catalog, category, sort);
    for (let round = 0; round < 40; round++) {
      const held = entries.filter(() => random() < 0.04);
      const touched = new Set<string>(['']);
      let moved = false;
      for (const entry of held) {
        touched.add(entry.category);
        const change = pick(['price', 'rating', 'category'] as const);
        if (change === 'price') entry.pricePaise = 100 * Math.floor(random() * 20);
        else if (change === 'rating') entry.ratings = Math.floor(random() * 6);
        else {
          entry.category = pick(CATEGORIES);
          moved = true;
        }
        touched.add(entry.category);
      }
      const replaced = reshelve(catalog, held, touched, moved);
      // Every sorted shelf of a category touched (and the whole catalog's), each with its positions.
      const touchedShelves = [...catalog.sorted.keys()].filter((key) => touched.has(key.split('|')[1]!));
      expect(replaced.length).toBe(touchedShelves.length);
      for (const { from, to, positions, incoming } of replaced) {
        expect(positions.length).toBe(to.products.length);
        to.products.forEach((entry, i) => {
          const position = positions[i]!;
          expect(position >= 0 ? from.products[position] : incoming[-1 - position]).toBe(entry);
        });
        // Incoming only onto a category's shelf, from another category.
        for (const entry of incoming) expect(from.products).not.toContain(entry);
      }
      const afresh = catalogOf(entries);
      for (const { sort, category } of sortedKeys) {
        const ids = (shelf: ShelvedCatalog) => shelfOf(shelf, category, sort).products.map((e) => e.id);
        expect(ids(catalog), `${sort} ${category ?? 'all'}, round ${round}`).toEqual(ids(afresh));
        expect([...shelfOf(catalog, category, sort).pricePaise]).toEqual([
          ...shelfOf(afresh, category, sort).pricePaise,
        ]);
      }
    }
  });
});
