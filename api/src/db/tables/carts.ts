import { sql } from 'drizzle-orm';
import { char, check, integer, jsonb, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

// The signed-in shopper's cart.

/**
 * A line of a signed-in shopper's saved cart. The name, picture and price are the catalog's when the line
 * was last saved (never the browser's): shown only if the product has been deleted since.
 */
export interface StoredCartLine {
  product: string;
  quantity: number;
  name: string;
  image: string;
  pricePaise: number;
}

/** The signed-in shopper's cart (issue 28), one per account, so it follows the account between devices. */
export const carts = pgTable(
  'carts',
  {
    userId: char('user_id', { length: 24 })
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    lines: jsonb('lines').$type<StoredCartLine[]>().notNull().default([]),
    /** Up by one with every change: a save made from an older version is refused (last change wins). */
    version: integer('version').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [check('carts_version_check', sql`${table.version} >= 0`)],
);

export type CartRow = typeof carts.$inferSelect;
