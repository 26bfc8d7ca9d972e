import { describe, expect, it } from 'vitest';
import { randomRestock } from '../../test/helpers/random-restock.ts';
import { indexNameTrigrams, nameTrigramsRestocked, type NameTrigrams } from './name-trigrams.ts';
import { suggestedPositions } from './suggestions.ts';

let seed = 5;
const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const WORDS = ['laptop', 'lap desk', 'pro', 'camera', 'cam', 'zeppelin', 'x', '50%', 'phone'];
const randomName = () =>
  Array.from({ length: 1 + Math.floor(random() * 3) }, () => WORDS[Math.floor(random() * WORDS.length)]).join(
    ' ',
  );

/** Each trigram's holders, by the trigram's text: the numbering may differ, the index may not. */
const holdersByText = (index: NameTrigrams) =>
  Object.fromEntries(
    [...index.numbers]
      .map(([trigram, number]) => [trigram, [...index.holders[number]!]] as const)
      .filter(([, holders]) => holders.length > 0),
  );

describe("the names' trigrams carried across a restock", () => {
  it('are the trigrams made afresh, and suggest the same, restock after restock', () => {
    let shelf = Array.from({ length: 60 }, randomName);
    let index = indexNameTrigrams(shelf);
    for (let round = 0; round < 30; round++) {
      const newName = () => (round % 3 === 0 ? `${randomName()} new${round}` : randomName());
      const { positions, incoming, next } = randomRestock(shelf, random, newName);
      index = nameTrigramsRestocked(index, Int32Array.from(positions), incoming);
      shelf = next;
      const afresh = indexNameTrigrams(shelf);
      expect(index.folded).toEqual(shelf);
      expect(holdersByText(index), `round ${round}`).toEqual(holdersByText(afresh));
      expect(index.names.map((name) => name.length)).toEqual(afresh.names.map((name) => name.length));
      for (const query of ['lptop', 'lap', 'pro cam', 'zepelin', 'new1', 'x', '5', 'phne'])
        expect(suggestedPositions(index, query), `${query}, round ${round}`).toEqual(
          suggestedPositions(afresh, query),
        );
    }
  });
});
