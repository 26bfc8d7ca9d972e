// A grown shop for the admin screens' scale figures (issue 10, point 8):
//   node api/bench/seed-admin-scale.ts <DATA_DIR> [--orders 5000] [--users 2000] [--products 500] [--reviews 150]
// Seeds the demo data into a fresh DATA_DIR (never the developer's .data/) through the api's own app and
// database layer, then adds users, products and orders until the totals are reached, plus `--reviews`
// reviews on one product. Deterministic: the same counts give the same shop (ids aside).
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { count, eq, sql } from 'drizzle-orm';
import { PRODUCT_CATEGORIES, priceOrder } from '@shop/shared-api/schemas';
import { buildApp } from '../src/app.ts';
import { loadConfig, repoRoot } from '../src/config/load-config.ts';
import { orders, products, reviews, users, type StoredOrderItem } from '../src/db/schema.ts';
import { newId } from '../src/db/ids.ts';

export interface ScaleCounts {
  orders: number;
  users: number;
  products: number;
  /** Reviews on the first product (the reviews screen's list). */
  reviews: number;
}
export const DEFAULT_SCALE: ScaleCounts = { orders: 5000, users: 2000, products: 500, reviews: 150 };

const DAY = 24 * 60 * 60 * 1000;

/** A small seeded generator (mulberry32): the same shop every run. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function inBatches<T>(rows: T[], size: number, insert: (batch: T[]) => Promise<unknown>) {
  for (let start = 0; start < rows.length; start += size) await insert(rows.slice(start, start + size));
}

/** Returns the seeded totals. `dataDir` must be a throwaway folder: it refuses the repository's .data. */
export async function seedAdminScale(dataDir: string, counts: ScaleCounts = DEFAULT_SCALE) {
  const resolved = path.resolve(dataDir);
  if (resolved === path.join(repoRoot, '.data')) throw new Error("refusing to seed the developer's .data/");
  mkdirSync(resolved, { recursive: true });
  const app = await buildApp({
    config: { ...loadConfig({ ...process.env, DATA_DIR: resolved }), dataDir: resolved, seedDemo: true },
    logger: { level: 'warn' },
    seed: true,
  });
  await app.ready();
  const { db } = app.shop;
  const next = random(20261123);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  try {
    const [{ n: userCount } = { n: 0 }] = await db.select({ n: count() }).from(users);
    const newUsers = Array.from({ length: Math.max(0, counts.users - userCount) }, (_, i) => ({
      id: newId(),
      name: `${pick(['Aarav', 'Diya', 'Kabir', 'Meera', 'Rohan', 'Saanvi', 'Vihaan', 'Isha'])} ${pick(['Sharma', 'Iyer', 'Khan', 'Das', 'Patel', 'Nair', 'Singh', 'Rao'])} ${i + 1}`,
      email: `customer${i + 1}@scale.example.com`,
      role: (i % 97 === 0 ? 'admin' : 'user') as 'admin' | 'user',
      createdAt: new Date(Date.now() - Math.floor(next() * 365) * DAY),
    }));
    await inBatches(newUsers, 500, (batch) => db.insert(users).values(batch));

    const [{ n: productCount } = { n: 0 }] = await db.select({ n: count() }).from(products);
    const existingImage = (await db.select({ images: products.images }).from(products).limit(1))[0]?.images;
    const newProducts = Array.from({ length: Math.max(0, counts.products - productCount) }, (_, i) => ({
      id: newId(),
      name: `${pick(['Classic', 'Pro', 'Lite', 'Max', 'Eco', 'Urban', 'Trail', 'Studio'])} ${pick(PRODUCT_CATEGORIES)} ${i + 1}`,
      pricePaise: (99 + Math.floor(next() * 24_900)) * 100,
      description: 'A product of the grown shop used for the admin scale figures.',
      category: pick(PRODUCT_CATEGORIES),
      stock: Math.floor(next() * 60),
      images: existingImage ?? [],
      createdAt: new Date(Date.now() - Math.floor(next() * 200) * DAY),
    }));
    await inBatches(newProducts, 250, (batch) => db.insert(products).values(batch));

    const catalog = await db
      .select({
        id: products.id,
        name: products.name,
        pricePaise: products.pricePaise,
        images: products.images,
      })
      .from(products);
    const buyers = (await db.select({ id: users.id }).from(users)).map((row) => row.id);
    const [{ n: orderCount } = { n: 0 }] = await db.select({ n: count() }).from(orders);
    const newOrders = Array.from({ length: Math.max(0, counts.orders - orderCount) }, () => {
      const lines = 1 + Math.floor(next() * 3);
      const items: StoredOrderItem[] = Array.from({ length: lines }, () => {
        const product = pick(catalog);
        return {
          product: product.id,
          name: product.name,
          image: product.images[0]?.url ?? '/profile.png',
          pricePaise: product.pricePaise,
          quantity: 1 + Math.floor(next() * 3),
        };
      });
      const at = new Date(Date.now() - Math.floor(next() * 120 * DAY));
      const status = pick(['Processing', 'Shipped', 'Delivered', 'Delivered'] as const);
      return {
        id: newId(),
        userId: pick(buyers),
        shippingInfo: {
          address: `${1 + Math.floor(next() * 200)} MG Road`,
          city: pick(['Bengaluru', 'Pune', 'Mumbai', 'Chennai', 'Delhi', 'Kolkata']),
          state: 'Karnataka',
          country: 'IN',
          pinCode: '560001',
          phoneNo: '9876543210',
        },
        orderItems: items,
        paymentId: `pi_scale_${newId()}`,
        paymentStatus: 'succeeded',
        paidAt: at,
        ...priceOrder(items),
        orderStatus: status,
        deliveredAt: status === 'Delivered' ? new Date(at.getTime() + 3 * DAY) : null,
        createdAt: at,
      };
    });
    await inBatches(newOrders, 250, (batch) => db.insert(orders).values(batch));

    // Many reviews on one product, for the reviews screen; its rating is recomputed as the api does.
    const reviewed = catalog[0]!;
    const existingReviewers = new Set(
      (
        await db.select({ userId: reviews.userId }).from(reviews).where(eq(reviews.productId, reviewed.id))
      ).map((row) => row.userId),
    );
    const reviewers = buyers.filter((id) => !existingReviewers.has(id)).slice(0, counts.reviews);
    const newReviews = reviewers.map((userId, i) => ({
      id: newId(),
      productId: reviewed.id,
      userId,
      rating: 1 + Math.floor(next() * 5),
      comment: `Review ${i + 1}: ${pick(['Great value', 'Does the job', 'Arrived late', 'Would buy again', 'Not as shown'])}`,
    }));
    await inBatches(newReviews, 250, (batch) => db.insert(reviews).values(batch));
    await db.execute(
      sql`update products set ratings = coalesce((select avg(rating)::float8 from reviews where product_id = ${reviewed.id}), 0), num_of_reviews = (select count(*)::int from reviews where product_id = ${reviewed.id}) where id = ${reviewed.id}`,
    );

    const total = async (table: typeof users | typeof products | typeof orders) =>
      (await db.select({ n: count() }).from(table))[0]?.n ?? 0;
    return {
      users: await total(users),
      products: await total(products),
      orders: await total(orders),
      reviewedProductId: reviewed.id,
      reviewsOfThatProduct: existingReviewers.size + newReviews.length,
    };
  } finally {
    await app.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [dataDir, ...rest] = process.argv.slice(2);
  if (!dataDir) {
    console.error('usage: node api/bench/seed-admin-scale.ts <throwaway DATA_DIR> [--orders N] ...');
    process.exit(2);
  }
  const option = (name: keyof ScaleCounts) => {
    const index = rest.indexOf(`--${name}`);
    return index >= 0 ? Number(rest[index + 1]) : DEFAULT_SCALE[name];
  };
  const started = Date.now();
  const totals = await seedAdminScale(dataDir, {
    orders: option('orders'),
    users: option('users'),
    products: option('products'),
    reviews: option('reviews'),
  });
  console.log(JSON.stringify({ ...totals, seconds: (Date.now() - started) / 1000 }));
}
