import { stripVTControlCharacters } from 'node:util';

/**
 * A failed step of a journey in one line: Playwright's first line, and from its call log what it was
 * waiting for when it gave up and why, so a refused release says which step failed ("waiting for
 * getByRole('button', { name: 'Add to Cart' }): element is not enabled"), not only that a click timed out.
 */
export function failureOf(error: unknown): string {
  const message = stripVTControlCharacters(error instanceof Error ? error.message : String(error));
  const lines = message.split('\n').map((line) => line.trim());
  const waitingFor = lines.find((line) => line.startsWith('- waiting for '))?.slice(2);
  const why = lines.findLast((line) => line.startsWith('- element '))?.slice(2);
  if (!waitingFor) return lines[0]!;
  return `${lines[0]} (${waitingFor}${why ? `: ${why}` : ''})`;
}
