import postgres from 'postgres';

// The catalog writes the catalog bench (catalog-scale.ts) makes every second of its load, so that the
// list's figures include the changes a busy shop has.

/**
 * The admin's writes through the api (PGlite has one process: nothing else can write while it runs): a
 * product added, and a second later deleted, in turn, as the admin screens do.
 */
export async function adminWriter(base: string) {
  const login = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@example.com', password: 'Admin12345' }),
  });
  const { accessToken } = (await login.json()) as { accessToken: string };
  const headers = { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' };
  let added: string | undefined;
  let count = 0;
  return async () => {
    if (added) {
      const id = added;
      added = undefined;
      // No content type: Fastify refuses an empty JSON body (400).
      const response = await fetch(`${base}/api/v1/admin/product/${id}`, {
        method: 'DELETE',
        headers: { authorization: headers.authorization },
      });
      if (response.status !== 200) throw new Error(`deleting a product: ${response.status}`);
      return;
    }
    const response = await fetch(`${base}/api/v1/admin/product/new`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: `Bench Added ${++count}`, price: 999, category: 'Camera', stock: 3 }),
    });
    if (response.status !== 201) throw new Error(`adding a product: ${response.status}`);
    added = ((await response.json()) as { product: { _id: string } }).product._id;
  };
}

/**
 * A stock change written as another instance's order writes one: the row, its revision in the changes
 * feed (catalog-revision.ts), then the announcement every instance hears, naming the product
 * (catalog-changes.ts). A random bench product of the `productCount` each time, as orders are.
 */
export function stockWriter(databaseUrl: string, productCount: number) {
  const writer = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  return {
    async write() {
      // A bench product's id (random-catalog.ts names them md5('bench' || n)): found by its key, as an
      // order finds its lines. Picking one by `offset random()` read up to a million rows every second.
      const n = 1 + Math.floor(Math.random() * productCount);
      const [changed] = await writer<{ id: string }[]>`update products set stock = (stock + 1) % 50
        where id = substr(md5(${`bench${n}`}), 1, 24)::char(24)
        returning id`;
      await writer`insert into catalog_changes (revision, products)
        values (nextval('catalog_revision'), ${JSON.stringify([changed!.id])}::jsonb)`;
      await writer`select pg_notify('shop_catalog_changed', ${`bench-writer ${changed!.id}`})`;
    },
    close: () => writer.end(),
  };
}
