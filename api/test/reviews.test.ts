import { describe, expect, it } from 'vitest';
import { useTestApp } from './helpers/test-app.ts';
import { addProduct, register, type SignedIn } from './helpers/shop.ts';
import { multipart } from './helpers/multipart.ts';
import { eq } from 'drizzle-orm';
import { products, reviews } from '../src/db/schema.ts';

const t = useTestApp({ admin: true });

const review = (who: SignedIn, payload: object) =>
  t.app.inject({ method: 'PUT', url: '/api/v1/review', headers: who.auth, payload });
const productOf = async (id: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/v1/product/${id}` })).json().product;

describe('reviews', () => {
  it('one review per user per product: a second submission updates the first; ratings are recomputed', async () => {
    const product = await addProduct(t.app);
    const ravi = await register(t.app, { name: 'Ravi' });
    const sita = await register(t.app, { name: 'Sita' });

    const first = await review(ravi, { rating: 5, comment: 'Great', productId: product.id });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ success: true });
    const written = await productOf(product.id);
    expect(written).toMatchObject({ ratings: 5, numOfReviews: 1 });
    // A new review: written and last changed at once.
    expect(written.reviews[0].updatedAt).toBe(written.reviews[0].createdAt);

    await review(sita, { rating: 2, comment: 'Meh', productId: product.id });
    expect(await productOf(product.id)).toMatchObject({ ratings: 3.5, numOfReviews: 2 });

    await new Promise((later) => setTimeout(later, 20));
    await review(ravi, { rating: 3, comment: 'Changed my mind', productId: product.id });
    const updated = await productOf(product.id);
    expect(updated).toMatchObject({ ratings: 2.5, numOfReviews: 2 });
    const mine = updated.reviews.find((entry: { user: { _id: string } }) => entry.user._id === ravi.userId);
    expect(mine).toMatchObject({
      name: 'Ravi',
      rating: 3,
      comment: 'Changed my mind',
      user: { name: 'Ravi', avatar: { url: '/profile.png' } },
      // Still the date it was first written, and the date of the change beside it.
      createdAt: written.reviews[0].createdAt,
    });
    expect(Date.parse(mine.updatedAt)).toBeGreaterThan(Date.parse(mine.createdAt));
  });

  it('takes form data, as the storefront sends it', async () => {
    const product = await addProduct(t.app);
    const user = await register(t.app);
    const body = multipart({ rating: '4', comment: 'Form review', productId: product.id });
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/review',
      headers: { ...user.auth, ...body.headers },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(200);
    expect(await productOf(product.id)).toMatchObject({ ratings: 4, numOfReviews: 1 });
  });

  it.each([
    [{ rating: 0, comment: 'x' }, /Rating/],
    [{ rating: 6, comment: 'x' }, /Rating/],
    [{ rating: 3.5, comment: 'x' }, /Rating/],
    [{ rating: 'five', comment: 'x' }, /Rating/],
    [{ rating: 4, comment: '' }, /comment/],
    [{ rating: 4, comment: 'x', productId: 'nope' }, /productId/],
  ])('answers 400 for %j', async (payload, message) => {
    const product = await addProduct(t.app);
    const user = await register(t.app);
    const response = await review(user, { productId: product.id, ...payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(message);
  });

  it('answers 404 for an unknown product', async () => {
    const user = await register(t.app);
    const response = await review(user, { rating: 4, comment: 'x', productId: '0'.repeat(24) });
    expect(response.statusCode).toBe(404);
  });

  it('admins list and delete reviews; ratings follow; a non-admin cannot delete', async () => {
    const product = await addProduct(t.app);
    const a = await register(t.app);
    const b = await register(t.app);
    await review(a, { rating: 5, comment: 'A', productId: product.id });
    await review(b, { rating: 1, comment: 'B', productId: product.id });

    const listed = await t.request('GET', `/admin/reviews?id=${product.id}`, { as: t.admin });
    expect(listed.statusCode).toBe(200);
    const reviews = listed.json().reviews;
    expect(reviews).toHaveLength(2);
    const reviewOfB = reviews.find((entry: { comment: string }) => entry.comment === 'B');

    const url = `/api/v1/admin/reviews?id=${reviewOfB._id}&productId=${product.id}`;
    expect((await t.app.inject({ method: 'DELETE', url, headers: a.auth })).statusCode).toBe(403);
    const deleted = await t.app.inject({ method: 'DELETE', url, headers: t.admin.auth });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ success: true, message: 'Review Deleted Successfully' });
    expect(await productOf(product.id)).toMatchObject({ ratings: 5, numOfReviews: 1 });

    expect((await t.app.inject({ method: 'DELETE', url, headers: t.admin.auth })).statusCode).toBe(404);
    const wrongProduct = await addProduct(t.app);
    const reviewOfA = reviews.find((entry: { comment: string }) => entry.comment === 'A');
    const mismatch = await t.request(
      'DELETE',
      `/admin/reviews?id=${reviewOfA._id}&productId=${wrongProduct.id}`,
      { as: t.admin },
    );
    expect(mismatch.statusCode).toBe(404);
  });

  it('the last review deleted brings the rating back to 0', async () => {
    const product = await addProduct(t.app);
    const a = await register(t.app);
    await review(a, { rating: 4, comment: 'Only', productId: product.id });
    const [only] = (await t.request('GET', `/admin/reviews?id=${product.id}`, { as: t.admin })).json()
      .reviews;
    await t.request('DELETE', `/admin/reviews?id=${only._id}&productId=${product.id}`, { as: t.admin });
    expect(await productOf(product.id)).toMatchObject({ ratings: 0, numOfReviews: 0, reviews: [] });
  });

  it('admin review queries validate ids and product existence', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/admin/reviews?id=short', headers: t.admin.auth }))
        .statusCode,
    ).toBe(400);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/admin/reviews', headers: t.admin.auth })).statusCode,
    ).toBe(400);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/v1/admin/reviews?id=${'0'.repeat(24)}`,
          headers: t.admin.auth,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/v1/admin/reviews?id=${'0'.repeat(24)}`,
          headers: t.admin.auth,
        })
      ).statusCode,
    ).toBe(400);
  });

  it('ratings and review counts stay exact under concurrent reviews, deletions and user deletions', async () => {
    const product = await addProduct(t.app);
    const reviewers = await Promise.all(Array.from({ length: 24 }, () => register(t.app)));
    // Half of them review first, so there is something to delete while the others review.
    await Promise.all(
      reviewers
        .slice(0, 12)
        .map((who, index) =>
          review(who, { rating: (index % 5) + 1, comment: 'First wave', productId: product.id }),
        ),
    );
    const firstWave = (await productOf(product.id)).reviews as { _id: string; user: { _id: string } }[];
    await Promise.all([
      ...reviewers
        .slice(12)
        .map((who, index) =>
          review(who, { rating: ((index * 3) % 5) + 1, comment: 'Second wave', productId: product.id }),
        ),
      ...firstWave
        .slice(0, 6)
        .map((entry) =>
          t.request('DELETE', `/admin/reviews?id=${entry._id}&productId=${product.id}`, { as: t.admin }),
        ),
      ...firstWave
        .slice(6, 9)
        .map((entry) => t.request('DELETE', `/admin/user/${entry.user._id}`, { as: t.admin })),
    ]);
    const [stored] = await t.app.shop.db.select().from(products).where(eq(products.id, product.id));
    const left = await t.app.shop.db.select().from(reviews).where(eq(reviews.productId, product.id));
    expect(left).toHaveLength(24 - 6 - 3);
    expect(stored!.numOfReviews).toBe(left.length);
    const average = left.reduce((sum, row) => sum + row.rating, 0) / left.length;
    expect(stored!.ratings).toBeCloseTo(average, 2);
  });
});
