/**
 * The samples of one metric in Prometheus's text format, by their labels as written (`{source="miss"}`;
 * '' for a sample without labels). What the benches and tests read from a `/metrics` answer.
 */
export function metricSamples(text: string, name: string): Map<string, number> {
  const found = new Map<string, number>();
  const sample = new RegExp(`^${name}(\\{[^}]*\\})? (\\S+)$`);
  for (const line of text.split('\n')) {
    const match = sample.exec(line);
    if (match) found.set(match[1] ?? '', Number(match[2]));
  }
  return found;
}

/** The samples' values added up: a metric over all its labels (every source, every kind). */
export const sumOfSamples = (samples: Map<string, number>) =>
  [...samples.values()].reduce((a, b) => a + b, 0);
