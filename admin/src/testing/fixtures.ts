import type { Order, Product, Review, User } from '@shop/shared-api';
import { aProduct, aReview, anOrder, aUser } from '@shop/shared-api/testing';

export const hexId = (n: number, prefix = 'a') => `${prefix}${n.toString(16).padStart(23, '0')}`;

// The entities come from the shared fixtures (@shop/shared-api/testing); the admin's tests give them
// their own ids and figures.
export const product = (n: number, overrides: Partial<Product> = {}): Product =>
  aProduct(n, {
    _id: hexId(n, 'c'),
    description: `About product ${n}`,
    images: [{ url: `/uploads/p${n}.png` }],
    stock: n % 4,
    numOfReviews: 0,
    reviews: [],
    ...overrides,
  });

export const order = (n: number, overrides: Partial<Order> = {}): Order =>
  anOrder(n, {
    _id: hexId(n, 'd'),
    user: { _id: hexId(1, 'e'), name: 'Sam Shopper', email: 'shopper@example.com' },
    shippingInfo: { ...anOrder(n).shippingInfo, city: 'Pune', state: 'MH', pinCode: '411001' },
    orderItems: [
      { product: hexId(1, 'c'), name: 'Product 1', image: '/uploads/p1.png', price: 100, quantity: 2 },
      { product: hexId(2, 'c'), name: 'Product 2', image: '/uploads/p2.png', price: 200, quantity: 1 },
    ],
    paymentInfo: { id: `pi_${n}`, status: 'succeeded' },
    paidAt: '2026-11-01T10:00:00.000Z',
    itemsPrice: 400,
    taxPrice: 72,
    shippingPrice: 200,
    totalPrice: 672,
    createdAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  });

export const user = (n: number, overrides: Partial<User> = {}): User =>
  aUser(n, { _id: hexId(n, 'e'), ...overrides });

export const review = (n: number, overrides: Partial<Review> = {}): Review =>
  aReview(n, {
    _id: hexId(n, 'f'),
    user: { _id: hexId(n, 'e'), name: `Reviewer ${n}`, avatar: { url: '/profile.png' } },
    name: `Reviewer ${n}`,
    rating: (n % 5) + 1,
    comment: `Comment number ${n}`,
    createdAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  });

/** A promise the test settles when it wants: the loading state can be looked at first. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** One page of the paged admin answers, with its figures, as the api gives it. */
export function productsPage(
  rows: Product[],
  figures: { total?: number; outOfStock?: number; matching?: number; page?: number } = {},
) {
  return {
    success: true as const,
    products: rows,
    productsCount: figures.total ?? rows.length,
    outOfStockCount: figures.outOfStock ?? 0,
    filteredProductsCount: figures.matching ?? figures.total ?? rows.length,
    page: figures.page ?? 1,
    resultPerPage: 13,
  };
}

export function ordersPage(
  rows: Order[],
  figures: { total?: number; delivered?: number; matching?: number; page?: number; amount?: number } = {},
) {
  return {
    success: true as const,
    orders: rows,
    totalAmount: figures.amount ?? 0,
    ordersCount: figures.total ?? rows.length,
    deliveredCount: figures.delivered ?? 0,
    filteredOrdersCount: figures.matching ?? figures.total ?? rows.length,
    page: figures.page ?? 1,
    resultPerPage: 10,
  };
}

export function usersPage(
  rows: User[],
  figures: { total?: number; admins?: number; matching?: number; page?: number } = {},
) {
  return {
    success: true as const,
    users: rows,
    usersCount: figures.total ?? rows.length,
    adminsCount: figures.admins ?? 0,
    filteredUsersCount: figures.matching ?? figures.total ?? rows.length,
    page: figures.page ?? 1,
    resultPerPage: 10,
  };
}
