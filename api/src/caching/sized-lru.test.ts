import { describe, expect, it } from 'vitest';
import { createSizedLru } from './sized-lru.ts';

const lruOfText = (maxSize: number, maxEntries?: number) =>
  createSizedLru<string>({ maxSize, sizeOf: (text) => text.length, ...(maxEntries ? { maxEntries } : {}) });
const keysOf = (lru: ReturnType<typeof lruOfText>) => [...lru.entries()].map(([key]) => key);

describe('a sized LRU', () => {
  it('lets the least recently used go past its size, a value used again staying', () => {
    const lru = lruOfText(6);
    lru.set('a', 'aa');
    lru.set('b', 'bb');
    lru.set('c', 'cc');
    expect(lru.get('a')).toBe('aa');
    lru.set('d', 'dd');
    expect(keysOf(lru)).toEqual(['c', 'a', 'd']);
    expect(lru.get('b')).toBeUndefined();
    expect(lru.held).toEqual({ entries: 3, size: 6 });
  });

  it('lets the least recently used go past its count of entries', () => {
    const lru = lruOfText(100, 2);
    lru.set('a', 'a');
    lru.set('b', 'b');
    lru.set('c', 'c');
    expect(keysOf(lru)).toEqual(['b', 'c']);
  });

  it('keeps nothing larger than its size, and pushes nothing out for it', () => {
    const lru = lruOfText(3);
    lru.set('a', 'aa');
    lru.set('big', 'four');
    expect(keysOf(lru)).toEqual(['a']);
    expect(lru.held.size).toBe(2);
  });

  it('counts a value set again once, and a deleted one no more', () => {
    const lru = lruOfText(10);
    lru.set('a', 'aaa');
    lru.set('a', 'aaaa');
    expect(lru.held).toEqual({ entries: 1, size: 4 });
    for (const [key] of lru.entries()) lru.delete(key);
    lru.delete('never there');
    expect(lru.held).toEqual({ entries: 0, size: 0 });
  });
});
