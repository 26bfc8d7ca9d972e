// A shopper typing in the search box of a large catalog (issue 27): `pnpm bench:typing --api URL
// [--rounds R] [--typed-after-ms T]`. Aims at a running api, on a database seeded by `pnpm bench:catalog`
// or a copy of a real catalog, started with CATALOG_CACHE_MS=0 so that every text is worked out.
// Each round asks the suggestions for two letters, aborts that request after T ms (default 200: the
// shopper typed a third letter, and the storefront aborts the request of the text typed past), asks for
// the three letters at once, and times that answer. Then, once the database is quiet, the same three
// letters alone. It prints the medians and the worst: the first is what the shopper waits for.
import { argument } from './bench-server.ts';
import { median } from './percentiles.ts';

const api = argument('api');
if (!api)
  throw new Error('usage: pnpm bench:typing --api http://127.0.0.1:3000 [--rounds 8] [--typed-after-ms 200]');
const rounds = Number(argument('rounds') ?? 8);
const typedAfterMs = Number(argument('typed-after-ms') ?? 200);
/** Long enough for a suggestion at a million products (about 1.3 s) to end even if it is not stopped. */
const QUIET_MS = 3_000;

const letters = 'abcdefghiklmnoprstu';
const letter = () => letters[Math.floor(Math.random() * letters.length)]!;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The suggestions of `text`: how long they took and the status. */
async function suggest(text: string, signal?: AbortSignal) {
  const started = performance.now();
  const response = await fetch(`${api}/api/v1/products/suggest?q=${encodeURIComponent(text)}`, { signal });
  await response.text();
  return { ms: performance.now() - started, status: response.status };
}

const afterTypedPast: number[] = [];
const alone: number[] = [];
for (let round = 0; round < rounds; round++) {
  const typedPast = letter() + letter();
  const text = typedPast + letter();
  const leaving = new AbortController();
  const outdated = suggest(typedPast, leaving.signal).catch(() => undefined);
  await pause(typedAfterMs);
  leaving.abort();
  const answer = await suggest(text);
  if (answer.status !== 200) throw new Error(`"${text}" answered ${answer.status}`);
  afterTypedPast.push(answer.ms);
  await outdated;
  await pause(QUIET_MS);
  alone.push((await suggest(text)).ms);
  console.log(
    `"${typedPast}" typed past, "${text}": ${Math.round(answer.ms)} ms (alone ${Math.round(alone.at(-1)!)} ms)`,
  );
}

const figures = (values: number[]) =>
  `median ${Math.round(median(values))} ms, worst ${Math.round(Math.max(...values))} ms`;
console.log(`\nthree letters, right after two typed past (${typedAfterMs} ms): ${figures(afterTypedPast)}`);
console.log(`three letters alone: ${figures(alone)}`);
