import { and, eq, inArray, sql } from 'drizzle-orm';
import { toRupees, type ShopperCart } from '@shop/shared-api/schemas';
import type { DbOrTx } from '../db/client.ts';
import { carts, products, type CartRow, type StoredCartLine } from '../db/schema.ts';
import { absoluteUrl } from '../http/public-url.ts';
import { notFound } from '../http/errors.ts';

type CatalogProduct = {
  id: string;
  name: string;
  pricePaise: number;
  stock: number;
  images: { url: string }[];
};

async function catalogOf(db: DbOrTx, ids: string[]): Promise<Map<string, CatalogProduct>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      pricePaise: products.pricePaise,
      stock: products.stock,
      images: products.images,
    })
    .from(products)
    .where(inArray(products.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * The quantity kept: at most the stock. A sold-out product keeps the quantity asked for, so its line stays
 * in the cart (stock 0 tells the shopper why) instead of vanishing.
 */
const withinStock = (quantity: number, stock: number) => (stock > 0 ? Math.min(quantity, stock) : quantity);

async function cartRowOf(db: DbOrTx, userId: string): Promise<CartRow | undefined> {
  const [row] = await db.select().from(carts).where(eq(carts.userId, userId));
  return row;
}

/** The saved cart as the wire shows it: each line with its product as the catalog has it now. */
async function viewOf(db: DbOrTx, row: CartRow | undefined, baseUrl: string): Promise<ShopperCart> {
  if (!row) return { lines: [], version: 0, updatedAt: null };
  const catalog = await catalogOf(
    db,
    row.lines.map((line) => line.product),
  );
  return {
    lines: row.lines.map((line) => {
      const product = catalog.get(line.product);
      // Deleted since it was added: shown with the name, picture and price it last had, and no stock.
      if (!product)
        return {
          product: line.product,
          name: line.name,
          price: toRupees(line.pricePaise),
          image: absoluteUrl(baseUrl, line.image),
          stock: 0,
          quantity: line.quantity,
        };
      return {
        product: product.id,
        name: product.name,
        price: toRupees(product.pricePaise),
        image: absoluteUrl(baseUrl, product.images[0]?.url ?? ''),
        stock: product.stock,
        quantity: withinStock(line.quantity, product.stock),
      };
    }),
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The shopper's saved cart (an empty one at version 0 when nothing was ever saved). */
export async function readCart(db: DbOrTx, userId: string, baseUrl: string) {
  return viewOf(db, await cartRowOf(db, userId), baseUrl);
}

/**
 * Replaces the shopper's cart with these quantities, if it is still at `version`; undefined when another
 * change came first (the caller answers 409). Each line is priced and named from the catalog and kept within
 * the stock; a product unknown to the catalog is refused (404) unless the cart already held it (deleted
 * since: it keeps its last name and price). Answers the cart as saved.
 */
export async function saveCart(
  db: DbOrTx,
  userId: string,
  quantities: Map<string, number>,
  version: number,
  baseUrl: string,
): Promise<ShopperCart | undefined> {
  const stored = await cartRowOf(db, userId);
  if ((stored?.version ?? 0) !== version) return undefined;
  const kept = new Map((stored?.lines ?? []).map((line) => [line.product, line]));
  const catalog = await catalogOf(db, [...quantities.keys()]);
  const lines: StoredCartLine[] = [...quantities].map(([id, quantity]) => {
    const product = catalog.get(id);
    if (product)
      return {
        product: id,
        quantity: withinStock(quantity, product.stock),
        name: product.name,
        image: product.images[0]?.url ?? '',
        pricePaise: product.pricePaise,
      };
    const before = kept.get(id);
    if (!before) throw notFound(`Product not found: ${id}`);
    return { ...before, quantity };
  });
  const now = new Date();
  // Written only if no other change landed since it was read: the version is the guard.
  const [saved] = stored
    ? await db
        .update(carts)
        .set({ lines, version: sql`${carts.version} + 1`, updatedAt: now })
        .where(and(eq(carts.userId, userId), eq(carts.version, version)))
        .returning()
    : await db
        .insert(carts)
        .values({ userId, lines, version: 1, updatedAt: now })
        .onConflictDoNothing()
        .returning();
  return saved ? viewOf(db, saved, baseUrl) : undefined;
}

/**
 * An order was placed: its products leave the shopper's saved cart, as the browser's cart is emptied after
 * an order (docs/product.md). Only those lines: one added on another device meanwhile stays.
 */
export async function takeOrderedLines(tx: DbOrTx, userId: string, ordered: readonly string[]) {
  // Locked to the order's commit: a save landing meanwhile waits, then finds a new version (409) and redoes.
  const [row] = await tx.select().from(carts).where(eq(carts.userId, userId)).for('update');
  if (!row) return;
  const lines = row.lines.filter((line) => !ordered.includes(line.product));
  if (lines.length === row.lines.length) return;
  await tx
    .update(carts)
    .set({ lines, version: sql`${carts.version} + 1`, updatedAt: new Date() })
    .where(eq(carts.userId, userId));
}
