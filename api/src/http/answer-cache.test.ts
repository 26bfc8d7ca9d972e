import { describe, expect, it } from 'vitest';
import { createAnswerCache } from './answer-cache.ts';

const deferred = () => {
  let resolve!: (value: string) => void;
  const promise = new Promise<string>((done) => (resolve = done));
  return { promise, resolve };
};

/** A computation answering when told (`answer`), and the signal it was given (`leaving()`). */
function watchedComputation() {
  const answer = deferred();
  let given: AbortSignal | undefined;
  const compute = (signal: AbortSignal) => {
    given = signal;
    return answer.promise;
  };
  return { answer, compute, leaving: () => given! };
}

describe('answer cache', () => {
  it('reuses an answer until invalidated', async () => {
    const cache = createAnswerCache(60_000);
    let calls = 0;
    const compute = async () => `answer ${++calls}`;
    expect(await cache.getOrCompute('k', compute)).toBe('answer 1');
    expect(await cache.getOrCompute('k', compute)).toBe('answer 1');
    cache.invalidate();
    expect(await cache.getOrCompute('k', compute)).toBe('answer 2');
  });

  it('shares one computation between concurrent misses', async () => {
    const cache = createAnswerCache(60_000);
    const slow = deferred();
    let calls = 0;
    const compute = () => {
      calls++;
      return slow.promise;
    };
    const answers = Promise.all([cache.getOrCompute('k', compute), cache.getOrCompute('k', compute)]);
    slow.resolve('shared');
    expect(await answers).toEqual(['shared', 'shared']);
    expect(calls).toBe(1);
  });

  it('does not keep an answer computed across an invalidation', async () => {
    const cache = createAnswerCache(60_000);
    const stale = deferred();
    const first = cache.getOrCompute('k', () => stale.promise);
    cache.invalidate();
    stale.resolve('stale');
    expect(await first).toBe('stale');
    expect(await cache.getOrCompute('k', async () => 'fresh')).toBe('fresh');
  });

  it("keeps another product's own answer through a change that names its products, and no list", async () => {
    const cache = createAnswerCache(60_000);
    let calls = 0;
    const compute = async () => `answer ${++calls}`;
    await cache.getOrCompute('product a', compute, { product: 'a' });
    await cache.getOrCompute('product b', compute, { product: 'b' });
    await cache.getOrCompute('list', compute);
    cache.invalidate(['a']);
    expect(await cache.getOrCompute('product a', compute, { product: 'a' })).toBe('answer 4');
    expect(await cache.getOrCompute('product b', compute, { product: 'b' })).toBe('answer 2');
    expect(await cache.getOrCompute('list', compute)).toBe('answer 5');
    cache.invalidate();
    expect(await cache.getOrCompute('product b', compute, { product: 'b' })).toBe('answer 6');
  });

  it("keeps a product's answer computed across a change of another product, and not of its own", async () => {
    const cache = createAnswerCache(60_000);
    const slowA = deferred();
    const slowB = deferred();
    const a = cache.getOrCompute('product a', () => slowA.promise, { product: 'a' });
    const b = cache.getOrCompute('product b', () => slowB.promise, { product: 'b' });
    cache.invalidate(['a']);
    slowA.resolve('a before the change');
    slowB.resolve('b');
    await Promise.all([a, b]);
    expect(await cache.getOrCompute('product a', async () => 'a after', { product: 'a' })).toBe('a after');
    expect(await cache.getOrCompute('product b', async () => 'b again', { product: 'b' })).toBe('b');
  });

  it('expires answers after the ttl, and caches nothing with ttl 0', async () => {
    const short = createAnswerCache(1);
    await short.getOrCompute('k', async () => 'old');
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await short.getOrCompute('k', async () => 'new')).toBe('new');
    const off = createAnswerCache(0);
    await off.getOrCompute('k', async () => 'a');
    expect(await off.getOrCompute('k', async () => 'b')).toBe('b');
  });

  it('does not cache failures', async () => {
    const cache = createAnswerCache(60_000);
    await expect(cache.getOrCompute('k', async () => Promise.reject(new Error('db down')))).rejects.toThrow(
      'db down',
    );
    expect(await cache.getOrCompute('k', async () => 'ok')).toBe('ok');
  });
  it('lets the least recently used answers go when full, keeping the ones in use', async () => {
    // Room for three 10-character answers.
    const cache = createAnswerCache(60_000, { maxChars: 30 });
    const computed: string[] = [];
    const answer = (key: string) =>
      cache.getOrCompute(key, async () => {
        computed.push(key);
        return key.padEnd(10, '.');
      });
    for (const key of ['popular', 'a', 'b']) await answer(key);
    await answer('popular'); // used again: now the most recent
    await answer('c'); // over the bound: 'a', the least recently used, goes
    await answer('popular');
    await answer('b');
    expect(computed).toEqual(['popular', 'a', 'b', 'c']);
    await answer('a');
    expect(computed).toEqual(['popular', 'a', 'b', 'c', 'a']);
  });

  it('keeps nothing larger than its bound', async () => {
    const cache = createAnswerCache(60_000, { maxChars: 5 });
    let calls = 0;
    const large = async () => `${++calls}`.padEnd(6, '.');
    expect(await cache.getOrCompute('k', large)).toBe('1.....');
    expect(await cache.getOrCompute('k', large)).toBe('2.....');
  });

  it('tells a shared computation its callers left only once every one of them has', async () => {
    const cache = createAnswerCache(60_000);
    const { answer, compute, leaving } = watchedComputation();
    const [first, second] = [new AbortController(), new AbortController()];
    const asked = [first, second].map((caller) =>
      cache.getOrCompute('k', compute, { caller: caller.signal }),
    );
    first.abort();
    expect(leaving().aborted).toBe(false);
    second.abort();
    expect(leaving().aborted).toBe(true);
    answer.resolve('late');
    expect(await Promise.all(asked)).toEqual(['late', 'late']);
  });

  it('keeps a shared computation for a caller that cannot leave, and gives an uncached one its caller', async () => {
    const cache = createAnswerCache(60_000);
    const { answer, compute, leaving } = watchedComputation();
    const caller = new AbortController();
    const asked = cache.getOrCompute('k', compute, { caller: caller.signal });
    const stays = cache.getOrCompute('k', compute);
    caller.abort();
    expect(leaving().aborted).toBe(false);
    answer.resolve('kept');
    expect(await Promise.all([asked, stays])).toEqual(['kept', 'kept']);

    const uncached = createAnswerCache(0);
    const alone = new AbortController();
    const seen = await uncached.getOrCompute(
      'k',
      async (signal) => {
        alone.abort();
        return String(signal.aborted);
      },
      { caller: alone.signal },
    );
    expect(seen).toBe('true');
  });

  it('gives a caller arriving after every earlier one left a computation of its own', async () => {
    const cache = createAnswerCache(60_000);
    const abandoned = deferred();
    const left = new AbortController();
    const first = cache.getOrCompute('k', () => abandoned.promise, { caller: left.signal });
    left.abort();
    const later = cache.getOrCompute('k', async () => 'computed again', {
      caller: new AbortController().signal,
    });
    expect(await later).toBe('computed again');
    abandoned.resolve('stopped too late');
    expect(await first).toBe('stopped too late');
  });
});
