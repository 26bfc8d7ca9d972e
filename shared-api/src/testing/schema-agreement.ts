import fc from 'fast-check';
import { expect } from 'vitest';
import type { z } from 'zod';

// For the zod-free checks of values a page reads back from storage (the cart, the checkout): property
// tests that hold each check to the contract's schema, so a schema change the check misses fails a test.

/**
 * A field that is mostly valid and sometimes not (wrong type, out of range, missing), so whole generated
 * values land on both sides of the schema.
 */
export const mostly = <T, U>(valid: fc.Arbitrary<T>, invalid: fc.Arbitrary<U>) =>
  fc.oneof(
    { weight: 6, arbitrary: valid },
    { weight: 1, arbitrary: invalid },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );

/** `check` accepts exactly the generated values `schema` accepts, and some of them are accepted. */
export function expectSameVerdicts(
  check: (value: unknown) => boolean,
  schema: z.ZodType,
  values: fc.Arbitrary<unknown>,
): void {
  let accepted = 0;
  fc.assert(
    fc.property(values, (value) => {
      const valid = schema.safeParse(value).success;
      if (valid) accepted += 1;
      expect(check(value)).toBe(valid);
    }),
    { numRuns: 2000 },
  );
  expect(accepted).toBeGreaterThan(0);
}
