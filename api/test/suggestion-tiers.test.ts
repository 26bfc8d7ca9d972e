import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { SUGGESTIONS_PER_ANSWER } from '@shop/shared-api/schemas';
import { useTestApp } from './helpers/test-app.ts';
import { loadCatalogSnapshot, suggestionsOfSnapshot } from '../src/catalog/catalog-snapshot.ts';
import { loadSuggestions, NEWEST_READ_FIRST } from '../src/catalog/suggestion-statements.ts';
import { SUGGEST_SIMILARITY } from '../src/catalog/suggestions.ts';
import { rowsOf } from '../src/db/rows.ts';
import type { Db } from '../src/db/client.ts';

// The database finds the suggestions of the three highest similarities one at a time, the newest products
// first (catalog/suggestion-statements.ts). Here the catalog is larger than what it reads first, and the
// most similar names are older than all of it: the answer must still be the rule's, as the memory index
// and the plain statement below work it out.

const t = useTestApp();
const baseUrl = 'http://shop.test';
const NEWER = NEWEST_READ_FIRST + 100;

/** The rule as one statement: every match ranked (what the database ran before, 1 s at a million). */
async function ruleAsOneStatement(db: Db, text: string): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('pg_trgm.word_similarity_threshold', ${String(SUGGEST_SIMILARITY)}, true)`,
    );
    const pattern = `%${text.replace(/[\\%_]/g, '\\$&')}%`;
    const rows = rowsOf<{ name: string }>(
      await tx.execute(sql`
        select name from products where name ilike ${pattern} or name %> ${text}
        order by name ilike ${pattern} desc, word_similarity(${text}, name) desc, created_at desc, id desc
        limit ${SUGGESTIONS_PER_ANSWER}`),
    );
    return rows.map((row) => row.name);
  });
}

/** `count` products named `name n`, the newest `startSeconds` after 2026 began, a second apart. */
async function addNamed(db: Db, name: string, count: number, startSeconds: number) {
  await db.execute(sql`
    insert into products (id, name, price_paise, description, category, stock, images, created_at)
    select substr(md5(${name} || g), 1, 24), ${name} || ' ' || g, 1000 + g, 'Generated', 'Laptop', 5,
      '[{"url":"/uploads/products/test.png"}]'::jsonb,
      timestamptz '2026-01-01' + make_interval(secs => ${startSeconds} - g)
    from generate_series(1, ${count}) g`);
}

beforeAll(async () => {
  const db = t.app.shop.db;
  // Oldest first: "tab" scores 0.75 against "Tablet Case", 1 against "Tab Stand", 0.8 against "Xtab T Ta".
  await addNamed(db, 'Tablet Case', 5, 0);
  await addNamed(db, 'Tab Stand', 3, 1_000);
  await addNamed(db, 'Xtab T Ta', 2, 2_000);
  await addNamed(db, 'Tablet Sleeve', NEWER, 100_000);
});

describe('suggestions from a catalog larger than its newest products read first', () => {
  it('holds names of each of the three highest similarities to "tab", the most similar older than the rest', async () => {
    const rows = rowsOf<{ kind: string; similarity: number }>(
      await t.app.shop.db.execute(sql`
        select distinct on (kind) kind, word_similarity('tab', name) as similarity
        from (select name, regexp_replace(name, ' [0-9]+$', '') as kind from products) named`),
    );
    expect(Object.fromEntries(rows.map((row) => [row.kind, Number(row.similarity)]))).toEqual({
      'Tab Stand': 1,
      'Tablet Case': 0.75,
      'Xtab T Ta': 0.8,
      'Tablet Sleeve': 0.75,
    });
  });

  it('suggests the older, more similar names before the newest ones, as the rule does', async () => {
    const suggested = (await loadSuggestions(t.app.shop.db, 'tab', baseUrl)).map((row) => row.name);
    expect(suggested).toEqual([
      'Tab Stand 1',
      'Tab Stand 2',
      'Tab Stand 3',
      'Xtab T Ta 1',
      'Xtab T Ta 2',
      'Tablet Sleeve 1',
    ]);
    expect(suggested).toEqual(await ruleAsOneStatement(t.app.shop.db, 'tab'));
  });

  it('agrees with the memory index and the plain statement on text of every kind', async () => {
    const db = t.app.shop.db;
    const snapshot = await loadCatalogSnapshot(db);
    // Whole words, beginnings, a word only old names hold, a piece from inside words, typos, two words,
    // punctuation alone.
    for (const q of [
      'tab',
      'ta',
      'tabl',
      'tablet',
      'stand',
      'case',
      'xtab',
      'ablet',
      'tablt',
      'tab st',
      'sleeve 1',
      '!!',
    ]) {
      const fromDatabase = await loadSuggestions(db, q, baseUrl);
      expect(fromDatabase, q).toEqual(suggestionsOfSnapshot(snapshot, q, baseUrl));
      expect(
        fromDatabase.map((row) => row.name),
        q,
      ).toEqual(await ruleAsOneStatement(db, q));
    }
  });
});
