import { describe, expect, it } from 'vitest';
import { shelve, type IndexedProduct } from './catalog-shelves.ts';
import { forEachNameContaining, namesOnShelf } from './shelf-names.ts';

const shelfOfNames = (...names: string[]) =>
  shelve(names.map((name) => ({ folded: name.toLowerCase(), pricePaise: 0, ratings: 0 }) as IndexedProduct));

const positionsHolding = (names: string[], keyword: string) => {
  const found: number[] = [];
  forEachNameContaining(namesOnShelf(shelfOfNames(...names)), keyword, (position) => found.push(position));
  return found;
};

describe("a keyword over a shelf's names end to end", () => {
  it('finds every product whose name holds it, in the shelf order, each once', () => {
    const names = ['Pro Max Pro', 'Slim', 'Camera Pro', 'pro', 'Laptop'];
    expect(positionsHolding(names, 'pro')).toEqual([0, 2, 3]);
    expect(positionsHolding(names, 'laptop')).toEqual([4]);
    expect(positionsHolding(names, 'o')).toEqual([0, 2, 3, 4]);
    expect(positionsHolding(names, 'phone')).toEqual([]);
  });

  it('never matches across two names, nor a keyword holding NUL', () => {
    expect(positionsHolding(['ab', 'cd'], 'bc')).toEqual([]);
    expect(positionsHolding(['ab', 'cd'], 'b\u0000c')).toEqual([]);
    expect(positionsHolding(['ab', 'cd'], '\u0000')).toEqual([]);
  });

  it('agrees with a plain substring test on names of every length, empty ones included', () => {
    const names = ['', 'a', 'aa', 'ba', 'aab', '', 'b', 'abab', 'aaaa'];
    for (const keyword of ['a', 'aa', 'ab', 'b', 'ba', 'aaa', 'abab', 'c'])
      expect(positionsHolding(names, keyword), keyword).toEqual(
        names.flatMap((name, i) => (name.includes(keyword) ? [i] : [])),
      );
  });

  it('finds nothing on an empty shelf', () => {
    expect(positionsHolding([], 'a')).toEqual([]);
  });
});
