import { count, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context.ts';
import { orders, products, reviews, users, type StoredOrderItem } from '../db/schema.ts';
import { newId } from '../db/ids.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import { refreshProductRating } from '../reviews/review-repository.ts';
import { priceOrder } from '../orders/pricing.ts';
import { issueInvoice } from '../invoices/invoice-repository.ts';
import { drawProductImage } from './product-art.ts';
import { SEED_COMMENTS, SEED_PRODUCTS, SEED_REVIEWERS } from './catalog-data.ts';

export const DEMO_ACCOUNTS = [
  { name: 'Asha Admin', email: 'admin@example.com', password: 'Admin12345', role: 'admin' as const },
  { name: 'Sam Shopper', email: 'shopper@example.com', password: 'Shopper12345', role: 'user' as const },
];

const DAY = 24 * 60 * 60 * 1000;

/** Where the demo orders went (tests ship there too). */
export const DEMO_SHIPPING_INFO = {
  address: '12 MG Road',
  city: 'Bengaluru',
  state: 'Karnataka',
  country: 'IN',
  pinCode: '560001',
  phoneNo: '9876543210',
};

/** Demo accounts present in the database that still open with their published password. */
export async function demoAccountsStillOpen(db: AppContext['db']) {
  const open: string[] = [];
  for (const account of DEMO_ACCOUNTS) {
    const [user] = await db
      .select({ hash: users.passwordHash })
      .from(users)
      .where(eq(users.email, account.email));
    if (user && (await verifyPassword(user.hash, account.password))) open.push(account.email);
  }
  return open;
}

/**
 * Demo data for an empty database: the two demo accounts, a catalog with pictures, reviews and past orders
 * in every status (paid, so each with its GST invoice). Runs under an advisory lock so instances starting
 * together seed once; each part is skipped when already present, so restarts change nothing.
 */
export async function seedDatabase(ctx: AppContext, log: FastifyBaseLogger) {
  const { db } = ctx;
  const accountHashes = await Promise.all(DEMO_ACCOUNTS.map((account) => hashPassword(account.password)));
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(724011)`);

    const demoUsers: Record<string, string> = {};
    for (const [index, account] of DEMO_ACCOUNTS.entries()) {
      const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, account.email));
      if (existing) {
        demoUsers[account.email] = existing.id;
        continue;
      }
      const id = newId();
      await tx.insert(users).values({
        id,
        name: account.name,
        email: account.email,
        passwordHash: accountHashes[index]!,
        role: account.role,
        createdAt: new Date(Date.now() - 90 * DAY),
      });
      demoUsers[account.email] = id;
      log.info(`seeded demo account ${account.email}`);
    }

    const [{ n: productCount } = { n: 0 }] = await tx.select({ n: count() }).from(products);
    if (productCount > 0) return;

    const reviewerIds: string[] = [];
    for (const reviewer of SEED_REVIEWERS) {
      const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, reviewer.email));
      const id = existing?.id ?? newId();
      if (!existing)
        await tx.insert(users).values({ id, ...reviewer, createdAt: new Date(Date.now() - 60 * DAY) });
      reviewerIds.push(id);
    }
    const shopperId = demoUsers['shopper@example.com']!;

    // Through the store's own path, copies included (issue 28); as many at once as it encodes.
    const pictures = await Promise.all(
      SEED_PRODUCTS.map((item, index) => ctx.images.save(drawProductImage(item.category, index), 'products')),
    );
    const created: { id: string; name: string; pricePaise: number; image: string }[] = [];
    for (const [index, item] of SEED_PRODUCTS.entries()) {
      const image = pictures[index]!;
      const id = newId();
      const pricePaise = item.price * 100;
      await tx.insert(products).values({
        id,
        name: item.name,
        pricePaise,
        description: item.description,
        category: item.category,
        stock: item.stock,
        images: [{ url: image.url, key: image.key }],
        // Spread over the last weeks, newest first in the list.
        createdAt: new Date(Date.now() - (SEED_PRODUCTS.length - index) * DAY),
      });
      created.push({ id, name: item.name, pricePaise, image: image.url });

      // A deterministic spread of reviews: most products have two to four, some none.
      const reviewCount = index % 5 === 4 ? 0 : 2 + (index % 3);
      const authors = [...reviewerIds, shopperId];
      for (let r = 0; r < reviewCount; r++) {
        const rating = [5, 4, 5, 3, 4, 2, 5, 1][(index + r * 3) % 8]!;
        const comments = SEED_COMMENTS[rating]!;
        await tx.insert(reviews).values({
          id: newId(),
          productId: id,
          userId: authors[(index + r) % authors.length]!,
          rating,
          comment: comments[(index + r) % comments.length]!,
          createdAt: new Date(Date.now() - (10 - r) * DAY),
        });
      }
      await refreshProductRating(tx, id);
    }

    // Past orders of the shopper in every status, and one of a reviewer.
    const shopper = { id: shopperId, name: DEMO_ACCOUNTS[1]!.name, email: DEMO_ACCOUNTS[1]!.email };
    const firstReviewer = { id: reviewerIds[0]!, ...SEED_REVIEWERS[0]! };
    const pastOrders: {
      buyer: { id: string; name: string; email: string };
      lines: [number, number][];
      status: 'Processing' | 'Shipped' | 'Delivered';
      daysAgo: number;
    }[] = [
      {
        buyer: shopper,
        lines: [
          [12, 2],
          [27, 1],
        ],
        status: 'Delivered',
        daysAgo: 30,
      },
      { buyer: shopper, lines: [[4, 1]], status: 'Delivered', daysAgo: 21 },
      {
        buyer: shopper,
        lines: [
          [8, 1],
          [13, 1],
        ],
        status: 'Shipped',
        daysAgo: 5,
      },
      { buyer: shopper, lines: [[24, 1]], status: 'Processing', daysAgo: 1 },
      { buyer: firstReviewer, lines: [[16, 1]], status: 'Processing', daysAgo: 2 },
    ];
    // Oldest first: a GST invoice series runs in the order the invoices were issued.
    for (const order of pastOrders.toSorted((a, b) => b.daysAgo - a.daysAgo)) {
      const items: StoredOrderItem[] = order.lines.map(([productIndex, quantity]) => {
        const product = created[productIndex]!;
        return {
          product: product.id,
          name: product.name,
          image: product.image,
          pricePaise: product.pricePaise,
          quantity,
        };
      });
      const at = new Date(Date.now() - order.daysAgo * DAY);
      const [placed] = await tx
        .insert(orders)
        .values({
          id: newId(),
          userId: order.buyer.id,
          shippingInfo: DEMO_SHIPPING_INFO,
          orderItems: items,
          paymentId: `pi_seed_${newId()}`,
          paymentStatus: 'succeeded',
          paidAt: at,
          ...priceOrder(items),
          orderStatus: order.status,
          deliveredAt: order.status === 'Delivered' ? new Date(at.getTime() + 4 * DAY) : null,
          createdAt: at,
        })
        .returning();
      // Paid, so invoiced when it was paid, as a real order is: its page offers the invoice.
      await issueInvoice(tx, placed!, order.buyer, ctx.config.gst, at);
    }
    log.info(
      `seeded ${SEED_PRODUCTS.length} products, reviews and ${pastOrders.length} orders with their invoices`,
    );
  });
  ctx.catalogCache.invalidate();
}
