import { describe, expect, it } from 'vitest';
import { Column, entityKind, is, SQL, sql } from 'drizzle-orm';
import { products } from './schema.ts';

// drizzle-orm's `is()` is patched (patches/README.md): it walked the checked value's class and its
// ancestors on every call, ~40% of the time the api spent building a product list's statements.
describe("drizzle's entity check", () => {
  it('answers as drizzle does: the class, its subclasses, and nothing else', () => {
    expect(is(sql`select 1`, SQL)).toBe(true);
    // A char column is a PgChar, a PgColumn and a Column.
    expect(is(products.id, Column)).toBe(true);
    expect(is(products.id, SQL)).toBe(false);
    expect(is(sql`select 1`, Column)).toBe(false);
    expect(is({}, SQL)).toBe(false);
    expect(is(null, SQL)).toBe(false);
    expect(is('text', SQL)).toBe(false);
  });

  it("reads a class's ancestors once, not on every check", () => {
    let reads = 0;
    class Base {
      static get [entityKind]() {
        reads++;
        return 'ShopTestBase';
      }
    }
    class Child extends Base {}
    for (let i = 0; i < 100; i++) {
      expect(is(new Child(), SQL)).toBe(false);
      expect(is(new Base(), SQL)).toBe(false);
    }
    // The kinds of Child (read on Child and Base) and of Base: three reads, once. Unpatched, 300.
    expect(reads).toBe(3);
  });
});
