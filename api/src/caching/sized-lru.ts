/**
 * Values by key, the most recently used kept: bounded in entries and in a size of the values' own
 * (an answer's characters, a keyword's positions), past either bound the least recently used go first,
 * and a value larger than the size bound alone is not kept. A Map keeps insertion order, so a use moves
 * its key to the end and the oldest is first. The answer cache and each shelf's remembered keywords hold
 * their values in one.
 */
export function createSizedLru<V>(bounds: {
  maxSize: number;
  maxEntries?: number;
  sizeOf: (value: V) => number;
}) {
  const { maxSize, maxEntries = Infinity, sizeOf } = bounds;
  const values = new Map<string, V>();
  let size = 0;

  function remove(key: string) {
    const value = values.get(key);
    if (value === undefined) return;
    values.delete(key);
    size -= sizeOf(value);
  }

  return {
    /** The value under `key`, which is now the most recently used. */
    get(key: string): V | undefined {
      const value = values.get(key);
      if (value === undefined) return undefined;
      values.delete(key);
      values.set(key, value);
      return value;
    },
    /** Keeps `value` as the most recently used, letting the least recently used go past the bounds. */
    set(key: string, value: V): void {
      remove(key);
      if (sizeOf(value) > maxSize) return;
      values.set(key, value);
      size += sizeOf(value);
      for (const oldest of values.keys()) {
        if (size <= maxSize && values.size <= maxEntries) break;
        remove(oldest);
      }
    },
    delete: remove,
    /** Every key and value, the least recently used first; reading them is no use, and a delete meanwhile is safe. */
    entries: () => values.entries(),
    /** How many values it holds, and their size in all. */
    get held() {
      return { entries: values.size, size };
    },
  };
}
export type SizedLru<V> = ReturnType<typeof createSizedLru<V>>;
