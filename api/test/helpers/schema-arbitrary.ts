import fc from 'fast-check';
import { z } from 'zod';

/** The part of JSON Schema that z.toJSONSchema writes for the shop's schemas. */
interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
}

/** Values that have broken servers before: empty, huge, unicode, markup, SQL, NUL, direction controls. */
export const junkText = fc.constantFrom(
  '',
  ' ',
  'x'.repeat(70_000),
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 ✓ 日本語 عربى',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "' OR 1=1 --",
  '%00',
  'nul\u0000byte',
  'Eve\u202Egnp.exe',
  '../../etc/passwd',
  '__proto__',
  'NaN',
  '-1',
  '1e308',
);

const junkValue = fc.oneof(
  junkText,
  fc.constantFrom(
    null,
    true,
    false,
    0,
    -1,
    1.5,
    1e308,
    [],
    {},
    [null],
    JSON.parse('{"__proto__":{"admin":true}}') as object,
  ),
  fc.jsonValue({ maxDepth: 2 }),
);

export interface Pools {
  /** Ids of rows that exist, so some cases reach past the "not found" answers. */
  ids: string[];
}

/** Arbitrary values valid for the schema (or close: patterns and bounds are followed, not refinements). */
function valid(schema: JsonSchema, pools: Pools, key = ''): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((entry) => valid(entry, pools, key)));
  if (schema.allOf?.[0]) return valid(schema.allOf[0], pools, key);
  switch (schema.type) {
    case 'string': {
      if (schema.pattern === '^[0-9a-f]{24}$' && pools.ids.length)
        return fc.oneof(fc.constantFrom(...pools.ids), fc.stringMatching(/^[0-9a-f]{24}$/));
      if (schema.pattern)
        return fc.stringMatching(new RegExp(schema.pattern)).filter((text) => text.length < 300);
      // Plain addresses: fast-check's RFC-exotic ones are refused by the shop's stricter email check.
      if (schema.format === 'email' || /email/i.test(key))
        return fc
          .tuple(
            fc.stringMatching(/^[a-z0-9][a-z0-9.]{0,10}$/),
            fc.constantFrom('example.com', 'shop.test', 'x.in'),
          )
          .map(([user, domain]) => `${user}@${domain}`);
      const minLength = schema.minLength ?? 0;
      return fc.string({ minLength, maxLength: Math.max(minLength, Math.min(schema.maxLength ?? 30, 30)) });
    }
    case 'integer':
      return fc.integer({
        min: Math.max(schema.minimum ?? -1_000_000, -1_000_000_000),
        max: Math.min(schema.maximum ?? 1_000_000, 1_000_000_000),
      });
    case 'number':
      return fc.double({
        min: Math.max(schema.minimum ?? -1e6, -1e9),
        max: Math.min(schema.maximum ?? 1e6, 1e9),
        noNaN: true,
      });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(valid(schema.items ?? {}, pools, key), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 3, 3)),
      });
    case 'object': {
      const properties = schema.properties ?? {};
      const shape = Object.fromEntries(
        Object.entries(properties).map(([name, property]) => [name, valid(property, pools, name)]),
      );
      return fc.record(shape, { requiredKeys: (schema.required ?? []).filter((name) => name in properties) });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** A valid value with one field (at any depth) replaced by junk, dropped, or joined by an unknown one. */
function mutated(schema: JsonSchema, pools: Pools): fc.Arbitrary<unknown> {
  return fc
    .tuple(valid(schema, pools), fc.nat(), junkValue, fc.constantFrom('replace', 'drop', 'add'))
    .map(([value, pick, junk, how]) => {
      const paths: (string | number)[][] = [];
      const walk = (node: unknown, path: (string | number)[]) => {
        if (node && typeof node === 'object')
          for (const [name, child] of Object.entries(node)) {
            const next = [...path, Array.isArray(node) ? Number(name) : name];
            paths.push(next);
            walk(child, next);
          }
      };
      walk(value, []);
      if (paths.length === 0) return junk;
      const path = paths[pick % paths.length]!;
      const copy = structuredClone(value) as Record<string | number, unknown>;
      let parent = copy;
      for (const step of path.slice(0, -1)) parent = parent[step] as typeof parent;
      const last = path.at(-1)!;
      if (how === 'replace') parent[last] = junk;
      else if (how === 'drop') delete parent[last];
      else parent[`${String(last)}_extra`] = junk;
      return copy;
    });
}

/**
 * Inputs for one zod schema: valid ones, valid ones with one field spoiled, and plain junk. Generated
 * from the schema itself, so a new field or route is fuzzed without a line more.
 */
export function inputsFor(schema: z.ZodType, pools: Pools): fc.Arbitrary<unknown> {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  return fc.oneof(
    { weight: 3, arbitrary: valid(json, pools) },
    { weight: 5, arbitrary: mutated(json, pools) },
    { weight: 1, arbitrary: junkValue },
  );
}
