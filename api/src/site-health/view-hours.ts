import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { bucketCount, bucketOf, HISTOGRAM_VITALS, p75, type HistogramVital } from './vital-histogram.ts';
import { rowsOf } from '../db/rows.ts';

const HOUR_MS = 60 * 60 * 1000;
/** The card's window: this hour and the 23 before it. */
const HOURS_SHOWN = 24;

const startOfHour = (at: Date) => new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS);

/** The first hour the card adds up, for a card drawn at `now`. */
export const windowStart = (now: Date) => new Date(startOfHour(now).getTime() - (HOURS_SHOWN - 1) * HOUR_MS);

/**
 * Counts one page view in its hour's row: views + 1 and + 1 in the bucket of each vital measured. One
 * statement (insert, or add on conflict), so instances sharing the database never lose a count.
 */
export async function countViewInHour(
  db: Db,
  page: string,
  vitals: Partial<Record<HistogramVital, number | null>>,
  at = new Date(),
) {
  const measured = HISTOGRAM_VITALS.flatMap((vital) => {
    const value = vitals[vital];
    return value === null || value === undefined ? [] : [{ vital, bucket: bucketOf(vital, value) }];
  });
  const firstCounts = HISTOGRAM_VITALS.map((vital) => {
    const size = bucketCount(vital);
    const bucket = measured.find((each) => each.vital === vital)?.bucket;
    return bucket === undefined
      ? sql`array_fill(0, array[${size}::int])`
      : sql`array_fill(0, array[${bucket - 1}::int]) || 1 || array_fill(0, array[${size - bucket}::int])`;
  });
  const added = measured.map(({ vital, bucket }) => {
    const column = sql.raw(`${vital}_counts`);
    return sql`, ${column}[${bucket}::int] = rum_view_hours.${column}[${bucket}::int] + 1`;
  });
  await db.execute(sql`
    insert into rum_view_hours (hour, page, views, lcp_counts, inp_counts, cls_counts)
    values (${startOfHour(at).toISOString()}::timestamptz, ${page}, 1, ${sql.join(firstCounts, sql`, `)})
    on conflict (hour, page) do update set views = rum_view_hours.views + 1${sql.join(added)}`);
}

/**
 * p75 of LCP, INP and CLS for the busiest pages of the window, from the hourly counts: at most
 * 24 rows per page whatever the traffic (api/test/site-health.test.ts times it at 100,000 views).
 */
export async function pageVitals(db: Db, windowStartsAt: Date, pagesShown: number) {
  const since = windowStartsAt.toISOString();
  const busiest = rowsOf<{ page: string; views: number }>(
    await db.execute(sql`
      select page, sum(views)::int as views from rum_view_hours where hour >= ${since}::timestamptz
      group by page order by views desc, page limit ${pagesShown}`),
  );
  if (!busiest.length) return [];
  const hours = rowsOf<{ page: string; lcp_counts: number[]; inp_counts: number[]; cls_counts: number[] }>(
    await db.execute(sql`
      select page, lcp_counts, inp_counts, cls_counts from rum_view_hours
      where hour >= ${since}::timestamptz and page in ${busiest.map(({ page }) => page)}`),
  );
  const sums = new Map<string, Record<HistogramVital, number[]>>();
  for (const row of hours) {
    const sum = sums.get(row.page) ?? {
      lcp: new Array<number>(bucketCount('lcp')).fill(0),
      inp: new Array<number>(bucketCount('inp')).fill(0),
      cls: new Array<number>(bucketCount('cls')).fill(0),
    };
    for (const vital of HISTOGRAM_VITALS)
      row[`${vital}_counts`].forEach((count, index) => (sum[vital][index]! += count));
    sums.set(row.page, sum);
  }
  return busiest.map(({ page, views }) => {
    const sum = sums.get(page)!;
    return { page, views, lcp: p75('lcp', sum.lcp), inp: p75('inp', sum.inp), cls: p75('cls', sum.cls) };
  });
}
