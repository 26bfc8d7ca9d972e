// @vitest-environment node
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it, vi } from 'vitest';

// Chakra's style memo is internal: read from its ESM build, the one the shop's bundles use.
const chakraEntry = createRequire(import.meta.url).resolve('@chakra-ui/react');
const memoFile = path.join(path.dirname(chakraEntry), '..', 'esm', 'utils', 'memo.js');
const { memo } = (await import(pathToFileURL(memoFile).href)) as {
  memo: <T>(fn: (key: string) => T) => (key: string) => T;
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
});
