import type { Order, Product, ProductListResponse, Review, User } from '../schemas/index.ts';

/**
 * Entities as the api answers them, for the frontend packages' tests: one home, so a schema change is
 * one edit here and every test that builds a user, product or order follows.
 */

const hexId = (seed: number) => seed.toString(16).padStart(24, '0');

export const shopperUser: User = {
  _id: 'a'.repeat(24),
  name: 'Shopper',
  email: 'shopper@example.com',
  avatar: { url: '/uploads/shopper.png' },
  role: 'user',
  createdAt: '2026-01-15T10:00:00.000Z',
};

export const adminUser: User = {
  ...shopperUser,
  _id: 'b'.repeat(24),
  name: 'Asha Admin',
  email: 'admin@example.com',
  role: 'admin',
};

export function aUser(seed = 1, overrides: Partial<User> = {}): User {
  return {
    _id: hexId(0x4000 + seed),
    name: `User ${seed}`,
    email: `user${seed}@example.com`,
    avatar: { url: '/profile.png' },
    role: 'user',
    createdAt: '2026-10-01T10:00:00.000Z',
    ...overrides,
  };
}

export function aReview(seed = 1, overrides: Partial<Review> = {}): Review {
  return {
    _id: hexId(0x3000 + seed),
    user: { _id: shopperUser._id, name: 'Priya', avatar: { url: '/profile.png' } },
    name: 'Priya',
    rating: 4,
    comment: 'Works well.',
    createdAt: '2026-11-10T10:00:00.000Z',
    updatedAt: '2026-11-10T10:00:00.000Z',
    ...overrides,
  };
}

export function aProduct(seed = 1, overrides: Partial<Product> = {}): Product {
  return {
    _id: hexId(0x1000 + seed),
    name: `Product ${seed}`,
    price: 100 * seed,
    description: `Description of product ${seed}`,
    images: [{ url: `/uploads/products/p${seed}.png` }],
    stock: 10,
    ratings: 4,
    numOfReviews: 1,
    category: 'Laptop',
    reviews: [aReview(seed)],
    createdAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

export function aProductList(
  products: Product[],
  overrides: Partial<ProductListResponse> = {},
): ProductListResponse {
  return {
    success: true,
    products,
    productsCount: products.length,
    resultPerPage: 8,
    filteredProductsCount: products.length,
    ...overrides,
  };
}

export function anOrder(seed = 1, overrides: Partial<Order> = {}): Order {
  const product = aProduct(seed);
  return {
    _id: hexId(0x2000 + seed),
    user: { _id: shopperUser._id, name: shopperUser.name, email: shopperUser.email },
    shippingInfo: {
      address: '12 MG Road',
      city: 'Bengaluru',
      state: 'Karnataka',
      country: 'India',
      pinCode: '560001',
      phoneNo: '9876543210',
    },
    orderItems: [
      {
        product: product._id,
        name: product.name,
        image: product.images[0]!.url,
        price: product.price,
        quantity: 2,
      },
    ],
    paymentInfo: { id: `pi_${hexId(seed)}`, status: 'succeeded' },
    paymentMethod: 'card',
    paidAt: '2026-11-20T10:00:00.000Z',
    invoice: { number: `INV/26-27/${String(seed).padStart(5, '0')}`, issuedAt: '2026-11-20T10:00:00.000Z' },
    itemsPrice: product.price * 2,
    taxPrice: product.price * 2 * 0.18,
    shippingPrice: 200,
    totalPrice: product.price * 2 * 1.18 + 200,
    orderStatus: 'Processing',
    deliveredAt: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    refundedPrice: 0,
    cancelledAt: null,
    shipment: null,
    ...overrides,
  };
}
