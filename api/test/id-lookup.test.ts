import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { idIn, newId } from '../src/db/ids.ts';
import { users } from '../src/db/schema.ts';
import { planOf } from './helpers/query-plan.ts';
import { freshDatabase } from './helpers/test-app.ts';

// `idIn`: the ids of a whole list's batch sent as one array parameter (api/src/db/ids.ts).

let database: Database;
let drop: () => Promise<void>;
const ids = [newId(), newId(), newId()];

beforeAll(async () => {
  ({ database, drop } = await freshDatabase());
  await database.db
    .insert(users)
    .values(ids.map((id, n) => ({ id, name: `Lookup ${n}`, email: `lookup-${n}@example.com` })));
});
afterAll(async () => {
  await database.close();
  await drop();
});

it('answers exactly the rows whose id is in the list, and none for an empty list', async () => {
  const [first, , third] = ids as [string, string, string];
  const found = await database.db
    .select({ id: users.id })
    .from(users)
    .where(idIn(users.id, [third, newId(), first]));
  expect(found.map((row) => row.id).sort()).toEqual([first, third].sort());
  expect(await database.db.select({ id: users.id }).from(users).where(idIn(users.id, []))).toEqual([]);
});

it('looks the ids up through the primary key, not by scanning the table', async () => {
  // Sent as text[], the character(24) column would be cast to text for every row: no index could take
  // the ids as its condition, and with sequential scans priced out the plan walks a whole index and
  // filters every row.
  const lookup = database.db.select({ id: users.id }).from(users).where(idIn(users.id, ids));
  const text = await planOf(database.db, ['enable_seqscan'], lookup);
  expect(text).toMatch(/Index Cond: \(id = ANY /);
  expect(text).not.toMatch(/Filter:/);
});
