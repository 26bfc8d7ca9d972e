/** The middle of `values` once sorted (the upper one of the two middles for an even count). */
export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
