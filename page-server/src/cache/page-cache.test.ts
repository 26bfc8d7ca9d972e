import { describe, expect, it } from 'vitest';
import { createPageCache, type CachedPage } from './page-cache.ts';

const pageOf = (bytes: number, renderedAt: number): CachedPage => ({
  status: 200,
  type: 'text/html',
  br: Buffer.alloc(bytes),
  etag: '"x"',
  csp: '',
  renderedAt,
});

function cacheAt(options: Partial<Parameters<typeof createPageCache>[0]> = {}) {
  let time = 0;
  const cache = createPageCache({
    maxEntries: 3,
    maxBytes: 1000,
    freshMs: 100,
    staleMs: 900,
    now: () => time,
    ...options,
  });
  return { cache, at: (ms: number) => (time = ms) };
}

describe('the page cache', () => {
  it('answers a page fresh, then stale (to be rendered again meanwhile), then not at all', () => {
    const { cache, at } = cacheAt();
    cache.set('/', pageOf(10, 0), cache.generation);
    expect(cache.get('/')?.fresh).toBe(true);
    at(101);
    expect(cache.get('/')?.fresh).toBe(false);
    at(1001);
    expect(cache.get('/')).toBeUndefined();
    expect(cache.size).toEqual({ entries: 0, bytes: 0 });
  });

  it('lets the least recently used page go first, by count and by bytes', () => {
    const { cache } = cacheAt();
    for (const key of ['a', 'b', 'c']) cache.set(key, pageOf(100, 0), cache.generation);
    cache.get('a');
    cache.set('d', pageOf(100, 0), cache.generation);
    expect(['a', 'b', 'c', 'd'].filter((key) => cache.get(key))).toEqual(['a', 'c', 'd']);
    cache.set('big', pageOf(800, 0), cache.generation);
    expect(cache.size.bytes).toBeLessThanOrEqual(1000);
    expect(cache.get('big')).toBeDefined();
    cache.set('huge', pageOf(2000, 0), cache.generation);
    expect(cache.get('huge')).toBeUndefined();
  });

  it('drops every page on clear, and keeps no render that began before it', () => {
    const { cache } = cacheAt();
    cache.set('/', pageOf(10, 0), cache.generation);
    const renderBegan = cache.generation;
    cache.clear();
    expect(cache.get('/')).toBeUndefined();
    cache.set('/', pageOf(10, 0), renderBegan);
    expect(cache.get('/')).toBeUndefined();
    cache.set('/', pageOf(10, 0), cache.generation);
    expect(cache.get('/')).toBeDefined();
  });

  it('drops only the pages a change touched, and keeps a render begun before it unless it was one of them', () => {
    const { cache } = cacheAt();
    for (const key of ['/', '/product/a', '/product/b']) cache.set(key, pageOf(10, 0), cache.generation);
    const renderBegan = cache.generation;
    cache.drop((key) => key !== '/product/b');
    expect(cache.get('/')).toBeUndefined();
    expect(cache.get('/product/a')).toBeUndefined();
    expect(cache.get('/product/b')).toBeDefined();
    cache.set('/product/a', pageOf(10, 0), renderBegan);
    expect(cache.get('/product/a')).toBeUndefined();
    cache.set('/product/c', pageOf(10, 0), renderBegan);
    expect(cache.get('/product/c')).toBeUndefined(); // '/product/c' was among the dropped
    cache.drop((key) => key === '/product/a');
    cache.set('/product/b', pageOf(10, 0), renderBegan);
    expect(cache.get('/product/b')).toBeDefined(); // untouched by either drop
  });

  it('keeps no render begun before more drops than it remembers', () => {
    const { cache } = cacheAt();
    const renderBegan = cache.generation;
    for (let n = 0; n < 40; n++) cache.drop((key) => key === `/product/${n}`);
    cache.set('/product/untouched', pageOf(10, 0), renderBegan);
    expect(cache.get('/product/untouched')).toBeUndefined();
    cache.set('/product/untouched', pageOf(10, 0), cache.generation - 5);
    expect(cache.get('/product/untouched')).toBeDefined();
  });

  it('takes a page compressed harder in place of the very page it was made from, and counts its bytes', () => {
    const { cache } = cacheAt();
    const first = pageOf(100, 0);
    cache.set('/', first, cache.generation);
    cache.replace('/', first, pageOf(60, 0));
    expect(cache.get('/')?.page.br.length).toBe(60);
    expect(cache.size.bytes).toBe(60);
    // Rendered again meanwhile: the newer render stays.
    const rendered = pageOf(90, 5);
    cache.set('/', rendered, cache.generation);
    cache.replace('/', first, pageOf(50, 0));
    expect(cache.get('/')?.page).toBe(rendered);
    expect(cache.size.bytes).toBe(90);
  });
});
