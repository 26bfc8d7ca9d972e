import { describe, expect, it } from 'vitest';
import { failureOf } from './journey-failure.ts';

describe('a failed journey step in one line', () => {
  it('names the step that gave up and why, from the call log, without its colours', () => {
    const error = new Error(
      [
        'locator.click: Timeout 15000ms exceeded.',
        'Call log:',
        "\u001b[2m  - waiting for getByRole('button', { name: 'Add to Cart' })\u001b[22m",
        '\u001b[2m    - locator resolved to <button disabled>Add to Cart</button>\u001b[22m',
        '\u001b[2m    2 × waiting for element to be visible, enabled and stable\u001b[22m',
        '\u001b[2m      - element is not enabled\u001b[22m',
        '\u001b[2m    - retrying click action\u001b[22m',
      ].join('\n'),
    );
    expect(failureOf(error)).toBe(
      "locator.click: Timeout 15000ms exceeded. (waiting for getByRole('button', { name: 'Add to Cart' }): element is not enabled)",
    );
  });

  it('keeps a plain error as its first line', () => {
    expect(failureOf(new Error('the storefront did not load\nmore'))).toBe('the storefront did not load');
    expect(failureOf('refused')).toBe('refused');
  });
});
