import { char, timestamp } from 'drizzle-orm/pg-core';

// Columns every table spells the same way. Ids are 24 lowercase hex characters; money is integer paise.

export const id = () => char('id', { length: 24 }).primaryKey();
export const createdAt = () =>
  timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
