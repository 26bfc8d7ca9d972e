import { describe, expect, it } from 'vitest';
import { randomRestock } from '../../test/helpers/random-restock.ts';
import { shelve, type IndexedProduct } from './catalog-shelves.ts';
import {
  forEachNameContaining,
  MOST_REMEMBERED_KEYWORDS,
  MOST_REMEMBERED_POSITIONS,
  namesOnShelf,
  namesRestocked,
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

describe("a shelf's names carried across a restock or a reshelve", () => {
  const afresh = (names: string[]) => namesOnShelf(shelfOfNames(names));

  it('are the names made afresh, with the keywords still remembered where their products went', () => {
    const before = afresh(['Pro Max', 'Slim', 'Camera Pro', 'Laptop', 'Pro 5']);
    for (const keyword of ['pro', 'slim', 'phone']) positionsHolding(before, keyword);
    // Slim and Pro 5 taken off, "Phone Pro" put first and "Slim Phone" before the laptop.
    const incoming = [{ folded: 'phone pro' }, { folded: 'slim phone' }];
    const after = namesRestocked(before, Int32Array.from([-1, 0, 2, -2, 3]), incoming);
    const expected = afresh(['Phone Pro', 'Pro Max', 'Camera Pro', 'Slim Phone', 'Laptop']);
    expect(after.text).toBe(expected.text);
    expect([...after.starts]).toEqual([...expected.starts]);
    expect(keywordsOf(after)).toEqual(['pro', 'slim', 'phone']);
    const carried = after.remembered.get('pro')!;
    expect([...carried]).toEqual([0, 1, 2]);
    expect(positionsHolding(after, 'pro')).toBe(carried); // read as remembered, not found again
    expect([...positionsHolding(after, 'slim')]).toEqual([3]);
    expect([...positionsHolding(after, 'phone')]).toEqual([0, 3]);
  });

  it('agree with names made afresh after random restocks and moves, one after another', () => {
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const syllables = ['pro', 'max', 'ab', 'ba', 'a', ''];
    const randomName = () =>
      Array.from({ length: 1 + Math.floor(random() * 3) }, () => syllables[Math.floor(random() * 6)]).join(
        ' ',
      );
    let shelf = Array.from({ length: 40 }, randomName);
    let names = afresh(shelf);
    for (let round = 0; round < 30; round++) {
      for (const keyword of ['pro', 'ab', 'a b', 'x']) positionsHolding(names, keyword);
      const { positions, incoming, next } = randomRestock(shelf, random, randomName);
      // A repriced product leaves its place for another on a sorted shelf (`reshelve`).
      while (positions.length > 1 && random() < 0.5) {
        const [from, to] = [Math.floor(random() * positions.length), Math.floor(random() * positions.length)];
        positions.splice(to, 0, ...positions.splice(from, 1));
        next.splice(to, 0, ...next.splice(from, 1));
      }
      names = namesRestocked(names, Int32Array.from(positions), incoming);
      shelf = next;
      const expected = afresh(shelf);
      expect(names.text).toBe(expected.text);
      expect([...names.starts]).toEqual([...expected.starts]);
      for (const keyword of ['pro', 'ab', 'a b', 'x'])
        expect([...names.remembered.get(keyword)!], `${keyword}, round ${round}`).toEqual([
          ...positionsHolding(expected, keyword),
        ]);
    }
  });
});
