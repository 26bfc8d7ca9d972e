/**
 * Each id as two numbers, its first and last 12 hex digits (48 bits each: exact), which compare as the
 * ids do as text. Worked out at load, while every product is being built anyway: read later, the 90,000
 * scattered products cost a sort 21 ms more. A half that is not 12 lowercase hex digits is NaN, and its id
 * is compared as text (`sortedWhole` in catalog-shelves.ts).
 */
export function idHalves(entries: readonly { id: string }[]): { idHigh: Float64Array; idLow: Float64Array } {
  const idHigh = new Float64Array(entries.length);
  const idLow = new Float64Array(entries.length);
  for (let i = 0; i < entries.length; i++) {
    const { id } = entries[i]!;
    idHigh[i] = idHalf(id, 'high');
    idLow[i] = idHalf(id, 'low');
  }
  return { idHigh, idLow };
}

/** The first or last 12 digits of `id` as a number; NaN unless they are lowercase hex in a 24-digit id. */
export function idHalf(id: string, half: 'high' | 'low'): number {
  if (id.length !== 24) return Number.NaN;
  const start = half === 'high' ? 0 : 12;
  let value = 0;
  for (let i = start; i < start + 12; i++) {
    const code = id.charCodeAt(i);
    const digit = code >= 48 && code <= 57 ? code - 48 : code >= 97 && code <= 102 ? code - 87 : -1;
    if (digit < 0) return Number.NaN;
    value = value * 16 + digit;
  }
  return value;
}
