// How the bench writes its figures: bytes as KB, and a figure beside its goal.

export const kb = (bytes: number) => (bytes / 1024).toFixed(1);

/** `value (≤goal)`, with ✗ when the goal is missed; the value alone when there is no goal. */
export function versus(
  value: number,
  goal: number | undefined,
  better: 'lower' | 'higher',
  text = String(value),
) {
  if (goal === undefined) return text;
  const met = better === 'lower' ? value <= goal : value >= goal;
  return `${text} (${better === 'lower' ? '≤' : '≥'}${goal}${met ? '' : ' ✗'})`;
}
