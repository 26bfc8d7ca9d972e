// @vitest-environment node
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it, vi } from 'vitest';

// Chakra's style memo is internal: read from its ESM build, the one the shop's bundles use.
const chakraEntry = createRequire(import.meta.url).resolve('@chakra-ui/react');
const memoFile = path.join(path.dirname(chakraEntry), '..', 'esm', 'utils', 'memo.js');
const { memo } = (await import(pathToFileURL(memoFile).href)) as {
  memo: <A extends unknown[], T>(fn: (...args: A) => T) => (...args: A) => T;
};

describe("Chakra's style memo, as patched (patches/README.md)", () => {
  it('answers a hit without moving it: entries leave by age, 500 kept', () => {
    const compute = vi.fn((key: string) => ({ key }));
    const styleOf = memo(compute);
    const first = styleOf('first');
    for (let index = 1; index < 500; index++) styleOf(`style-${index}`);
    // A hit answers the same object; unpatched, it also moved 'first' to the newest end (delete + set),
    // which compared the long key twice more on every hit of every render.
    expect(styleOf('first')).toBe(first);
    expect(compute).toHaveBeenCalledTimes(500);
    styleOf('style-500');
    // Full: the oldest entry left, though it was just used.
    styleOf('first');
    expect(compute).toHaveBeenCalledTimes(502);
    expect(compute).toHaveBeenLastCalledWith('first');
  });

  it("keys a memo's own answer by a name of its own when it comes back as an argument", () => {
    // A recipe's styles (a memo's answer) go into css() on every render of every element; unpatched, each
    // call wrote out and looked up a key as long as everything in those styles.
    const recipeStyles = memo((size: string) => ({
      fontSize: size,
      padding: '4',
      _hover: { bg: 'gray.100' },
    }));
    const merge = vi.fn((styles: object, extra: object) => ({ ...styles, ...extra }));
    const css = memo(merge);
    const styles = recipeStyles('sm');
    expect(css(styles, { color: 'red' })).toEqual({ ...styles, color: 'red' });
    expect(css(styles, { color: 'red' })).toBe(css(styles, { color: 'red' }));
    expect(merge).toHaveBeenCalledTimes(1);
    // The same styles in an object the memo did not make are keyed by what they hold, so they are a
    // different key: hashed by content (unpatched), the copy was a hit.
    css({ ...styles }, { color: 'red' });
    expect(merge).toHaveBeenCalledTimes(2);
    // Objects no memo answered stay keyed by what they hold: equal content, one computation.
    css({ ...styles }, { color: 'red' });
    expect(merge).toHaveBeenCalledTimes(2);
  });
});
