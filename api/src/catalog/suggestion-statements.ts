import { and, desc, not, sql, type SQL } from 'drizzle-orm';
import { SUGGESTIONS_PER_ANSWER, type ProductSuggestion } from '@shop/shared-api/schemas';
import type { Db, DbOrTx } from '../db/client.ts';
import { readCancellable } from '../db/cancellable-read.ts';
import { likeContaining } from '../db/paging.ts';
import { products, type ProductRow, type StoredImage } from '../db/schema.ts';
import { rowsOf } from '../db/rows.ts';
import { readInTurn } from './broad-reads.ts';
import { SUGGEST_SIMILARITY, toSuggestion, topSimilarities } from './suggestions.ts';

const suggestionColumns = {
  id: products.id,
  name: products.name,
  pricePaise: products.pricePaise,
  images: products.images,
};

type SuggestionRow = Pick<ProductRow, 'id' | 'name' | 'pricePaise' | 'images'>;

/**
 * `%>` keeps names at least this similar, and the trigram index of migration 0014 finds them from how many
 * of the text's trigrams they hold. Set for the transaction only; other queries keep pg_trgm's own. Just
 * below `similarity`, so that a similarity rounded to float4 is never cut by a threshold read as a double.
 */
const keepFrom = (tx: DbOrTx, similarity: number) =>
  tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', ${String(similarity - 1e-6)}, true)`);

/**
 * A similarity's few rows, read alone: PostgreSQL would start parallel workers for some, which took
 * 4-6 ms to read 6 rows at 1,000,000 products. Ranking every match keeps them (160 ms with, 260-300
 * without).
 */
const readAlone = (tx: DbOrTx) => tx.execute(sql`set local max_parallel_workers_per_gather = 0`);

/** How many of the newest products are read first for the highest similarities' rows (below). */
export const NEWEST_READ_FIRST = 1_000;

/**
 * The literal matches among the newest NEWEST_READ_FIRST products whose similarity is one of `values`,
 * with the place of that similarity in `values`: at most `wanted` of each, in the list's order. The
 * newest products are read through the list order's index, so this costs the same whatever the text.
 */
async function newestOfEach(tx: DbOrTx, text: string, values: number[], wanted: number) {
  const rows = rowsOf<{ id: string; name: string; price_paise: number; images: StoredImage[]; tier: number }>(
    await tx.execute(sql`
      select id, name, price_paise, images, tier from (
        select *, row_number() over (partition by tier order by created_at desc, id desc) as place
        from (
          select id, name, price_paise, images, created_at,
            case word_similarity(${text}, name)
              ${sql.join(
                values.map((value, tier) => sql`when ${value}::real then ${tier}::int`),
                sql` `,
              )}
            end as tier
          from (
            select id, name, price_paise, images, created_at from ${products}
            order by created_at desc, id desc limit ${NEWEST_READ_FIRST}
          ) newest
          where name ilike ${likeContaining(text)}
        ) tiered
        where tier is not null
      ) placed
      where place <= ${wanted}
      order by tier, created_at desc, id desc`),
  );
  return rows.map(({ price_paise, tier, ...row }) => ({ ...row, pricePaise: price_paise, tier }));
}

const literalMatch = (text: string) => sql`${products.name} ilike ${likeContaining(text)}`;
const nearMatch = (text: string) => sql`${products.name} %> ${text}`;
const similarityTo = (text: string) => sql`word_similarity(${text}, ${products.name})`;
const listOrder = [desc(products.createdAt), desc(products.id)];

const suggestionsWhere = (tx: DbOrTx, where: SQL | undefined, order: SQL[], limit: number) =>
  tx
    .select(suggestionColumns)
    .from(products)
    .where(where)
    .orderBy(...order)
    .limit(limit);

/**
 * The rule of catalog/suggestions.ts (the memory index answers alike) when the literal matches of the three
 * highest similarities fill the answer, one similarity at a time in the list's order (`topSimilarities`);
 * undefined when they do not. A word typed whole (1) or the beginning of one ((n - 1) / n) usually fills it.
 * A similarity many names have is found among the newest products (`newestOfEach`); one they have too few
 * of is read whole through the trigram index, which finds only the names holding nearly all of the text's
 * trigrams. PostgreSQL's own choice between the two went by an estimate of `%>` that was 41 rows for
 * 100,001 ("ba" at 1,000,000 products), and took 380 ms.
 */
async function mostSimilarRows(tx: DbOrTx, text: string): Promise<SuggestionRow[] | undefined> {
  const values = topSimilarities(text);
  if (values.length === 0) return undefined;
  await readAlone(tx);
  const newest = await newestOfEach(tx, text, values, SUGGESTIONS_PER_ANSWER);
  const found: SuggestionRow[] = [];
  for (const [tier, value] of values.entries()) {
    const wanted = SUGGESTIONS_PER_ANSWER - found.length;
    const newestOfTier = newest.filter((row) => row.tier === tier);
    if (newestOfTier.length >= wanted) return [...found, ...newestOfTier.slice(0, wanted)];
    await keepFrom(tx, value);
    // `+ interval '0 s'`: sorted, so that only the trigram index can find them.
    const rows = await suggestionsWhere(
      tx,
      and(literalMatch(text), nearMatch(text), sql`${similarityTo(text)} = ${value}::real`),
      [sql`${products.createdAt} + interval '0 s' desc`, desc(products.id)],
      wanted,
    );
    found.push(...rows);
    if (found.length === SUGGESTIONS_PER_ANSWER) return found;
  }
  return undefined;
}

/**
 * The rule with every match ranked: the literal ones, then the near ones (`%>`) if those are too few.
 * At 1,000,000 products this took 1.0-1.2 s for "phone" or "sl" as one statement (literal or near), and
 * 0.3 s for the literal ones alone; a typo such as "lptop" still takes 0.25 s (docs/performance.md).
 */
async function rankedRows(tx: DbOrTx, text: string): Promise<SuggestionRow[]> {
  await keepFrom(tx, SUGGEST_SIMILARITY);
  const closestFirst = [sql`${similarityTo(text)} desc`, ...listOrder];
  const literalRows = await suggestionsWhere(tx, literalMatch(text), closestFirst, SUGGESTIONS_PER_ANSWER);
  if (literalRows.length === SUGGESTIONS_PER_ANSWER) return literalRows;
  const nearRows = await suggestionsWhere(
    tx,
    and(nearMatch(text), not(literalMatch(text))),
    closestFirst,
    SUGGESTIONS_PER_ANSWER - literalRows.length,
  );
  return [...literalRows, ...nearRows];
}

/**
 * The search box's suggestions by the database. The most similar names are read at once, side by side
 * with any other read. Text they do not answer (a typo, a piece from inside words) ranks every match,
 * whose cost grows with the catalog: a broad read, in its turn (`readInTurn`), stopped when its caller
 * leaves (`readCancellable`). The bounded reads are not stopped: a stoppable read keeps its connection until
 * its cancel arrives from another, so a pool holds one less of them than its connections, and those are
 * kept for the reads that take long.
 */
export async function loadSuggestions(db: Db, text: string, baseUrl: string): Promise<ProductSuggestion[]> {
  const rows =
    (await db.transaction((tx) => mostSimilarRows(tx, text))) ??
    (await readInTurn((leaving) =>
      readCancellable(db, leaving, (reader) => reader.transaction((tx) => rankedRows(tx, text))),
    ));
  return rows.map((row) => toSuggestion(row, baseUrl));
}
