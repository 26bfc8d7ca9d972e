// @vitest-environment node
import { createRequire } from 'node:module';
import type * as React from 'react';
import type * as ReactDomServer from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';

// Chakra's CommonJS build reads emotion's serialiser off its exports object at each call, so a spy there
// sees every serialisation Chakra asks for (the ESM build, which the bundles use, carries the same patch).
const chakraRequire = createRequire(createRequire(import.meta.url).resolve('@chakra-ui/react'));
const serialize = chakraRequire('@emotion/serialize') as { serializeStyles: (...args: unknown[]) => unknown };
const { ChakraProvider, chakra, defaultSystem } = chakraRequire('@chakra-ui/react');
const { createElement } = chakraRequire('react') as typeof React;
const { renderToString } = chakraRequire('react-dom/server') as typeof ReactDomServer;

const Price = chakra('span', {
  base: { fontWeight: 'semibold' },
  variants: { tone: { sale: { color: 'red.600' }, plain: { color: 'gray.700' } } },
});

const pageOf = (tones: string[]) =>
  renderToString(
    createElement(
      ChakraProvider,
      { value: defaultSystem },
      tones.map((tone, index) => createElement(Price, { key: index, tone }, `₹${index}`)),
    ),
  );

describe('a styled element’s CSS (patches/README.md)', () => {
  it('is written once per distinct style, however many elements and renders use it', () => {
    const serializeStyles = vi.spyOn(serialize, 'serializeStyles');
    const first = pageOf(['sale', 'plain', 'sale']);
    const second = pageOf(['sale', 'plain', 'sale']);
    // The prices' styles, not the provider's global ones (which name every colour too).
    const ofPrices = serializeStyles.mock.calls.filter(([styles]) =>
      JSON.stringify(styles).startsWith('[{"@layer recipes":{"fontWeight"'),
    );
    // Unpatched: once per element per render (6).
    expect(ofPrices).toHaveLength(2);
    expect(second).toBe(first);
    expect(first.match(/class="css-[\w-]+"/g)).toHaveLength(3);
    serializeStyles.mockRestore();
  });
});
