import { describe, expect, it } from 'vitest';
import { shelve, type IndexedProduct } from './catalog-shelves.ts';
import {
  forEachNameContaining,
  MOST_REMEMBERED_KEYWORDS,
  MOST_REMEMBERED_POSITIONS,
  namesOnShelf,
  positionsHolding,
  type ShelfNames,
} from './shelf-names.ts';

const shelfOfNames = (names: string[]) =>
  shelve(names.map((name) => ({ folded: name.toLowerCase(), pricePaise: 0, ratings: 0 }) as IndexedProduct));

const keywordsOf = (names: ShelfNames) => [...names.remembered.entries()].map(([keyword]) => keyword);

const searched = (names: string[], keyword: string) => {
  const found: number[] = [];
  forEachNameContaining(namesOnShelf(shelfOfNames(names)), keyword, (position) => found.push(position));
  return found;
};

describe("a keyword over a shelf's names end to end", () => {
  it('finds every product whose name holds it, in the shelf order, each once', () => {
    const names = ['Pro Max Pro', 'Slim', 'Camera Pro', 'pro', 'Laptop'];
    expect(searched(names, 'pro')).toEqual([0, 2, 3]);
    expect(searched(names, 'laptop')).toEqual([4]);
    expect(searched(names, 'o')).toEqual([0, 2, 3, 4]);
    expect(searched(names, 'phone')).toEqual([]);
  });

  it('never matches across two names, nor a keyword holding NUL', () => {
    expect(searched(['ab', 'cd'], 'bc')).toEqual([]);
    expect(searched(['ab', 'cd'], 'b\u0000c')).toEqual([]);
    expect(searched(['ab', 'cd'], '\u0000')).toEqual([]);
  });

  it('agrees with a plain substring test on names of every length, empty ones included', () => {
    const names = ['', 'a', 'aa', 'ba', 'aab', '', 'b', 'abab', 'aaaa'];
    for (const keyword of ['a', 'aa', 'ab', 'b', 'ba', 'aaa', 'abab', 'c'])
      expect(searched(names, keyword), keyword).toEqual(
        names.flatMap((name, i) => (name.includes(keyword) ? [i] : [])),
      );
  });

  it('finds nothing on an empty shelf', () => {
    expect(searched([], 'a')).toEqual([]);
  });
});

describe("a keyword's positions remembered with the shelf's names", () => {
  it('are found once and then read as remembered, the same as a search', () => {
    const names = namesOnShelf(shelfOfNames(['Pro Max', 'Slim', 'Camera Pro', 'Laptop']));
    const first = positionsHolding(names, 'pro');
    expect([...first]).toEqual([0, 2]);
    expect(positionsHolding(names, 'pro')).toBe(first);
    expect([...positionsHolding(names, 'phone')]).toEqual([]);
    expect(names.remembered.held.size).toBe(2);
  });

  it(`keep at most ${MOST_REMEMBERED_KEYWORDS} keywords, letting the least recently asked go`, () => {
    const names = namesOnShelf(shelfOfNames(['pro 1', 'slim 2']));
    const pro = positionsHolding(names, 'pro');
    const slim = positionsHolding(names, 'slim');
    for (let i = 0; i < MOST_REMEMBERED_KEYWORDS - 2; i++) positionsHolding(names, `miss ${i}`);
    expect(positionsHolding(names, 'pro')).toBe(pro); // asked again: now the most recent
    positionsHolding(names, 'one more');
    expect(names.remembered.held.entries).toBe(MOST_REMEMBERED_KEYWORDS);
    expect(positionsHolding(names, 'pro')).toBe(pro);
    const slimAgain = positionsHolding(names, 'slim');
    expect(slimAgain).not.toBe(slim);
    expect([...slimAgain]).toEqual([...slim]);
  });

  it(`keep at most ${MOST_REMEMBERED_POSITIONS.toLocaleString('en-US')} positions in all per shelf`, () => {
    const many = Math.ceil(MOST_REMEMBERED_POSITIONS * 0.6);
    const names = namesOnShelf(shelfOfNames(Array.from({ length: many }, (_, i) => `ab ${i}`)));
    const a = positionsHolding(names, 'a');
    expect(a.length).toBe(many);
    positionsHolding(names, 'b');
    expect(names.remembered.held.size).toBeLessThanOrEqual(MOST_REMEMBERED_POSITIONS);
    expect(keywordsOf(names)).toEqual(['b']);
    expect(positionsHolding(names, 'a')).not.toBe(a);
    // A keyword holding more names than the bound is found each time, and pushes nothing out.
    const all = namesOnShelf(shelfOfNames(Array.from({ length: MOST_REMEMBERED_POSITIONS + 1 }, () => 'x')));
    positionsHolding(all, 'y');
    expect(positionsHolding(all, 'x').length).toBe(MOST_REMEMBERED_POSITIONS + 1);
    expect(keywordsOf(all)).toEqual(['y']);
  });
});
