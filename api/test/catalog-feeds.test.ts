import { SITEMAP_PAGE_SIZE } from '@shop/shared-api/schemas';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './helpers/test-app.ts';
import { addProduct, placePaidOrder, register } from './helpers/shop.ts';

// What the page server reads (page-server/): the revision its cache of rendered pages follows, and the ids
// its sitemap lists.
const t = useTestApp({ admin: true });

const revision = async () => {
  const response = await t.request('GET', '/catalog/revision');
  expect(response.statusCode).toBe(200);
  return response.json().revision as number;
};

describe('GET /catalog/revision', () => {
  it('moves with every change a product page shows, and only then', async () => {
    const start = await revision();
    await t.request('GET', '/products');
    expect(await revision()).toBe(start);

    const product = await addProduct(t.app);
    await expect.poll(revision).toBeGreaterThan(start);
    const afterAdd = await revision();

    const edited = await t.request('PUT', `/admin/product/${product.id}`, {
      as: t.admin,
      payload: { name: 'Renamed', price: 700, description: '', category: 'Laptop', stock: 3 },
    });
    expect(edited.statusCode).toBe(200);
    await expect.poll(revision).toBeGreaterThan(afterAdd);
    const afterEdit = await revision();

    const shopper = await register(t.app);
    const review = await t.request('PUT', '/review', {
      as: shopper,
      payload: { rating: 4, comment: 'Good', productId: product.id },
    });
    expect(review.statusCode).toBe(200);
    await expect.poll(revision).toBeGreaterThan(afterEdit);
    const afterReview = await revision();

    // An order takes stock: the product page's In Stock / Out of Stock may change.
    await placePaidOrder(t.app, shopper);
    await expect.poll(revision).toBeGreaterThan(afterReview);
  });
});

const changesSince = async (since?: number) => {
  const response = await t.request('GET', `/catalog/changes${since === undefined ? '' : `?since=${since}`}`);
  expect(response.statusCode).toBe(200);
  return response.json() as { revision: number; products: string[] | null };
};
/**
 * Waits for the changes after `since` to be `expected`: a write records its revision just after it
 * commits, so the next write's row can land before the one before it (read as "anything" meanwhile).
 */
const expectChangedAfter = (since: number, expected: string[] | null) =>
  expect
    .poll(async () => {
      const changes = await changesSince(since);
      return changes.revision > since ? changes.products : 'nothing yet';
    })
    .toEqual(expected);

/**
 * The revision once no earlier write's is still arriving: a write records its revision after it commits,
 * so an order of the test before may still be adding one.
 */
async function settledRevision() {
  let last = (await changesSince()).revision;
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const now = (await changesSince()).revision;
    if (now === last) return now;
    last = now;
  }
}

describe('GET /catalog/changes', () => {
  it('names the products whose pages changed, whoever changed them', async () => {
    const start = await settledRevision();
    const product = await addProduct(t.app);
    await expectChangedAfter(start, [product.id]);

    const afterAdd = await settledRevision();
    const edited = await t.request('PUT', `/admin/product/${product.id}`, {
      as: t.admin,
      payload: { name: 'Renamed', price: 700, description: '', category: 'Laptop', stock: 3 },
    });
    expect(edited.statusCode).toBe(200);
    const shopper = await register(t.app);
    const review = await t.request('PUT', '/review', {
      as: shopper,
      payload: { rating: 4, comment: 'Good', productId: product.id },
    });
    expect(review.statusCode).toBe(200);
    await expectChangedAfter(afterAdd, [product.id]);

    // An order takes stock from its lines' products; nothing else it shows changed.
    const beforeOrder = await settledRevision();
    const { productId: sold } = await placePaidOrder(t.app, shopper);
    await expect.poll(async () => (await changesSince(beforeOrder)).products?.length).toBe(1);
    expect((await changesSince(beforeOrder)).products).toEqual([sold]);
    const now = await changesSince();
    expect(await changesSince(now.revision)).toEqual({ success: true, revision: now.revision, products: [] });
  });

  it('names the products a reviewer reviewed when their name changes, and nothing for one who reviewed none', async () => {
    const product = await addProduct(t.app);
    const reviewer = await register(t.app);
    const review = await t.request('PUT', '/review', {
      as: reviewer,
      payload: { rating: 5, comment: 'Fine', productId: product.id },
    });
    expect(review.statusCode).toBe(200);
    const rename = (who: typeof reviewer, name: string) =>
      t.request('PUT', '/me/update', { as: who, payload: { name, email: who.email } });
    const before = await settledRevision();
    expect((await rename(reviewer, 'Renamed Reviewer')).statusCode).toBe(200);
    await expectChangedAfter(before, [product.id]);

    const quiet = await settledRevision();
    const silent = await register(t.app);
    expect((await rename(silent, 'Renamed Shopper')).statusCode).toBe(200);
    expect(await settledRevision()).toBe(quiet); // their name shows on no product

    // Deleting the reviewer takes their review and recomputes the product's rating.
    const gone = await settledRevision();
    expect((await t.request('DELETE', `/admin/user/${reviewer.userId}`, { as: t.admin })).statusCode).toBe(
      200,
    );
    await expectChangedAfter(gone, [product.id]);
  });

  it('says anything may have changed when it cannot name the products', async () => {
    // A change that names nothing, as a spreadsheet import or a seed makes.
    const before = await settledRevision();
    t.app.shop.catalogCache.invalidate();
    await expectChangedAfter(before, null);

    const now = (await changesSince()).revision;
    expect((await changesSince()).products).toBeNull(); // no since: only the revision
    expect((await changesSince(now + 5)).products).toBeNull(); // ahead of this database: another one
    // A revision with no row while a later one has its row (forgotten, or its write failed) cannot be
    // vouched for.
    await addProduct(t.app);
    await addProduct(t.app);
    await expect.poll(async () => (await changesSince(now)).revision).toBe(now + 2);
    await t.app.shop.db.execute(sql`delete from catalog_changes where revision = ${now + 1}`);
    expect(await changesSince(now)).toEqual({ success: true, revision: now + 2, products: null });
  });

  it('answers a revision taken but not yet recorded as not yet happened, and as a gap once a later one is', async () => {
    const db = t.app.shop.db;
    const start = await settledRevision();
    // A write between its commit and its revision's row: the sequence has moved, the row is not there.
    await db.execute(sql`select nextval('catalog_revision')`);
    expect(await changesSince(start)).toEqual({ success: true, revision: start, products: [] });

    const product = await addProduct(t.app);
    await db.execute(
      sql`insert into catalog_changes (revision, products) values (${start + 1}, ${JSON.stringify([product.id])}::jsonb)`,
    );
    await expectChangedAfter(start, [product.id]);

    // Taken and never recorded (the write's row failed): the next write's row makes it a gap.
    const afterFailed = await settledRevision();
    await db.execute(sql`select nextval('catalog_revision')`);
    expect((await changesSince(afterFailed)).revision).toBe(afterFailed);
    await addProduct(t.app);
    await expectChangedAfter(afterFailed, null);
  });

  it('refuses a since that is not a revision', async () => {
    for (const since of ['-1', 'x', '1.5']) {
      const response = await t.request('GET', `/catalog/changes?since=${since}`);
      expect(response.statusCode, since).toBe(400);
      expect(response.json().success).toBe(false);
    }
  });
});

describe('GET /catalog/sitemap', () => {
  it('lists every product once, in a stable order', async () => {
    for (let i = 0; i < 3; i++) await addProduct(t.app);
    const response = await t.request('GET', '/catalog/sitemap');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    const all = await t.request('GET', '/admin/products', { as: t.admin });
    const ids = (all.json().products as { _id: string }[]).map((product) => product._id).sort();
    expect(body.products).toEqual(ids);
    expect(body.productsCount).toBe(ids.length);
    expect(body.resultPerPage).toBe(SITEMAP_PAGE_SIZE);
    const beyond = await t.request('GET', '/catalog/sitemap?page=2');
    expect(beyond.json().products).toEqual([]);
  });

  it('refuses a page that is not a page number', async () => {
    for (const page of ['0', '-1', 'x', '1.5']) {
      const response = await t.request('GET', `/catalog/sitemap?page=${page}`);
      expect(response.statusCode, page).toBe(400);
      expect(response.json().success).toBe(false);
    }
  });
});
