import { asc, desc } from 'drizzle-orm';
import type { z } from 'zod';
import type { Product, ProductSuggestion, productListQuerySchema } from '@shop/shared-api/schemas';
import { RESULT_PER_PAGE } from '@shop/shared-api/schemas';
import type { Db } from '../db/client.ts';
import { idIn } from '../db/ids.ts';
import { products, reviews, type ProductRow } from '../db/schema.ts';
import { selectReviewsWithAuthors, toReviewView } from '../reviews/review-repository.ts';
import { toProductView } from './product-view.ts';
import {
  shelfOf,
  shelve,
  shelveByCategory,
  type CatalogShelf,
  type IndexedProduct,
  type IndexedReview,
  type ShelvedCatalog,
} from './catalog-shelves.ts';
import { newestPlaceable, renamedOn, reshelve, restock, type RestockedShelf } from './shelf-changes.ts';
import { positionsHolding, namesOnShelf, namesRestocked, type ShelfNames } from './shelf-names.ts';
import { idHalves } from './id-halves.ts';
import { indexNameTrigrams, nameTrigramsRestocked, type NameTrigrams } from './name-trigrams.ts';
import { suggestedPositions, toSuggestion } from './suggestions.ts';

type ProductListQuery = z.output<typeof productListQuerySchema>;

/** The whole storefront catalog as the database had it at `loadedAt`, on its shelves (catalog-shelves.ts). */
export interface CatalogSnapshot extends ShelvedCatalog {
  /** Every product by id, for a patch to find what a change named without a scan. */
  byId: Map<string, IndexedProduct>;
  loadedAt: number;
  /** The names' trigrams, worked out by the first suggestion asked of this snapshot (not by every load). */
  nameTrigrams?: NameTrigrams;
  /**
   * Each shelf's names end to end, made by the first keyword asked of it (`shelfNames`), with the positions
   * of the keywords asked since. A shelf restocked or reordered by a price or rating change is a new
   * object: its names are carried to it (`patchSnapshot`), a rename's taken in; a category change drops
   * the categories' own.
   */
  shelfNames?: WeakMap<CatalogShelf, ShelfNames>;
}

export interface CatalogPage {
  products: Product[];
  productsCount: number;
  filteredProductsCount: number;
}

type ReviewWithAuthor = Awaited<ReturnType<ReturnType<typeof selectReviewsWithAuthors>['execute']>>[number];

/** Products with their reviews (given oldest first), as the index holds them: rows in the order given. */
function indexProducts(rows: ProductRow[], reviewRows: ReviewWithAuthor[]): IndexedProduct[] {
  const byProduct = new Map<string, IndexedReview[]>();
  for (const { productId, createdAt, updatedAt, ...review } of reviewRows) {
    const list = byProduct.get(productId) ?? [];
    list.push({ ...review, createdAt: createdAt.toISOString(), updatedAt: updatedAt.toISOString() });
    byProduct.set(productId, list);
  }
  return rows.map((row) => ({
    row,
    id: row.id,
    category: row.category,
    pricePaise: row.pricePaise,
    ratings: row.ratings,
    folded: row.name.toLowerCase(),
    reviews: byProduct.get(row.id) ?? [],
  }));
}

/** Reads every product and review (with its author's current name and avatar): two queries. */
export async function loadCatalogSnapshot(db: Db): Promise<CatalogSnapshot> {
  const loadedAt = Date.now();
  // Same order as the SQL list (created_at to the microsecond, then id): ties resolve the same way.
  const rows = await db.select().from(products).orderBy(desc(products.createdAt), desc(products.id));
  const reviewRows = await selectReviewsWithAuthors(db).orderBy(asc(reviews.createdAt), asc(reviews.id));
  const entries = indexProducts(rows, reviewRows);
  return {
    loadedAt,
    ...idHalves(entries),
    all: shelve(entries),
    byCategory: shelveByCategory(entries),
    sorted: new Map(),
    byId: new Map(entries.map((entry) => [entry.id, entry])),
  };
}

/** The given products and their reviews as the database has them now; a deleted one is absent. */
export async function loadCatalogProducts(
  db: Db,
  ids: readonly string[],
): Promise<Map<string, IndexedProduct>> {
  const rows = await db.select().from(products).where(idIn(products.id, ids));
  const reviewRows = await selectReviewsWithAuthors(db)
    .where(idIn(reviews.productId, ids))
    .orderBy(asc(reviews.createdAt), asc(reviews.id));
  return new Map(indexProducts(rows, reviewRows).map((entry) => [entry.id, entry]));
}

/**
 * One page of the storefront list from a snapshot: the same filters as `productFilter` (the SQL path),
 * with the keyword matched case-insensitively as a plain substring (ILIKE with % and _ escaped), in the
 * same order (`LIST_ORDERS`, list-page.ts).
 */
export function pageOfSnapshot(
  snapshot: CatalogSnapshot,
  query: ProductListQuery,
  baseUrl: string,
): CatalogPage {
  const keyword = query.keyword ? query.keyword.toLowerCase() : undefined;
  const category = query.category || undefined;
  // Rupee bounds to paise, rounded inwards, exactly as the SQL filter does.
  const minPaise = query.price?.gte !== undefined ? Math.ceil(query.price.gte * 100) : -Infinity;
  const maxPaise = query.price?.lte !== undefined ? Math.floor(query.price.lte * 100) : Infinity;
  const minRating = query.ratings?.gte ?? -Infinity;
  const first = ((query.page ?? 1) - 1) * RESULT_PER_PAGE;
  const shelf = shelfOf(snapshot, category, query.sort);
  const { products: entries, pricePaise, ratings } = shelf;
  const pageEntries: IndexedProduct[] = [];
  let matching = 0;
  const consider = (i: number) => {
    if (pricePaise[i]! < minPaise || pricePaise[i]! > maxPaise || ratings[i]! < minRating) return;
    if (matching >= first && pageEntries.length < RESULT_PER_PAGE) pageEntries.push(entries[i]!);
    matching++;
  };
  if (keyword !== undefined)
    for (const position of positionsHolding(shelfNames(snapshot, shelf), keyword)) consider(position);
  else for (let i = 0; i < entries.length; i++) consider(i);
  return {
    products: pageEntries.map((entry) => viewOf(entry, baseUrl)),
    productsCount: snapshot.all.products.length,
    filteredProductsCount: matching,
  };
}

/** A held product as the storefront shows it, reviews included: what the database path answers too. */
const viewOf = (entry: IndexedProduct, baseUrl: string) =>
  toProductView(
    entry.row,
    entry.reviews.map((review) => toReviewView(review, baseUrl)),
    baseUrl,
  );

/**
 * One product from a snapshot (`GET /product/:id`), or undefined when the snapshot does not hold it: the
 * caller asks the database then (a product another instance has just added may not be patched in yet).
 */
export function productOfSnapshot(
  snapshot: CatalogSnapshot,
  id: string,
  baseUrl: string,
): Product | undefined {
  const entry = snapshot.byId.get(id);
  return entry && viewOf(entry, baseUrl);
}

/** `shelf`'s names end to end, made once for the snapshot's shelf (`CatalogSnapshot.shelfNames`). */
function shelfNames(snapshot: CatalogSnapshot, shelf: CatalogShelf): ShelfNames {
  snapshot.shelfNames ??= new WeakMap();
  let names = snapshot.shelfNames.get(shelf);
  if (!names) snapshot.shelfNames.set(shelf, (names = namesOnShelf(shelf)));
  return names;
}

/** The search box's suggestions from a snapshot: the same rule and order as `loadSuggestions` (SQL). */
export function suggestionsOfSnapshot(
  snapshot: CatalogSnapshot,
  text: string,
  baseUrl: string,
): ProductSuggestion[] {
  const entries = snapshot.all.products;
  snapshot.nameTrigrams ??= indexNameTrigrams(entries.map((entry) => entry.folded));
  return suggestedPositions(snapshot.nameTrigrams, text).map((position) =>
    toSuggestion(entries[position]!.row, baseUrl),
  );
}

/**
 * Puts the products a change named into the snapshot as the database has them now (`fresh`, from
 * `loadCatalogProducts`), so an order's stock change, a review, or a product added or deleted costs a
 * read of its products, not of the catalog. A product keeps its place in the spec's order (its creation
 * time, which no edit changes); a new category re-shelves it, a new price or rating moves it on the sorted
 * shelves (a binary search each), a new name is taken into the shelves' names and the suggestions'
 * trigrams; an added product is placed on every shelf and a deleted one taken off (`restock`).
 * Answers false, changing nothing, for a change it cannot place: a product whose creation time moved, or
 * one added in the same millisecond as another (`newestPlaceable`); the caller then loads the whole
 * catalog again.
 */
export function patchSnapshot(
  snapshot: CatalogSnapshot,
  named: readonly string[],
  fresh: ReadonlyMap<string, IndexedProduct>,
): boolean {
  const held = new Map<string, IndexedProduct>();
  const added: IndexedProduct[] = [];
  const removed: IndexedProduct[] = [];
  for (const id of new Set(named)) {
    const [before, now] = [snapshot.byId.get(id), fresh.get(id)];
    // Named, but neither held nor there: nothing to place.
    if (!before && !now) continue;
    else if (!before) added.push(now!);
    else if (!now) removed.push(before);
    else if (before.row.createdAt.getTime() !== now.row.createdAt.getTime()) return false;
    else held.set(id, before);
  }
  if (!newestPlaceable(snapshot, added)) return false;
  // The shelves a changed price, rating or category touches: the whole catalog's and its categories'.
  const touched = new Set<string>();
  const renamed: IndexedProduct[] = [];
  let moved = false;
  for (const [id, entry] of held) {
    const now = fresh.get(id)!;
    if (
      now.category !== entry.category ||
      now.pricePaise !== entry.pricePaise ||
      now.ratings !== entry.ratings
    )
      touched.add('').add(entry.category).add(now.category);
    moved ||= now.category !== entry.category;
    if (now.folded !== entry.folded) renamed.push(entry);
    // The same object sits on every shelf: changed once, it is changed everywhere.
    Object.assign(entry, now);
  }
  if (renamed.length) carryRenamed(snapshot, renamed);
  if (touched.size > 0) {
    const named = (shelf: CatalogShelf) => snapshot.shelfNames?.has(shelf) ?? false;
    carryNames(snapshot, reshelve(snapshot, [...held.values()], touched, moved, named));
  }
  if (added.length === 0 && removed.length === 0) return true;
  const wholeBefore = snapshot.all;
  const replaced = restock(snapshot, added, removed);
  carryNames(snapshot, replaced);
  for (const entry of removed) snapshot.byId.delete(entry.id);
  for (const entry of added) snapshot.byId.set(entry.id, entry);
  // The trigrams are kept by position on the whole catalog's shelf, which moved with it.
  const whole = replaced.find((shelf) => shelf.from === wholeBefore);
  if (snapshot.nameTrigrams && whole)
    snapshot.nameTrigrams = nameTrigramsRestocked(snapshot.nameTrigrams, whole.positions, whole.incoming);
  else snapshot.nameTrigrams = undefined;
  return true;
}

/**
 * The names of every shelf that has them, and the suggestions' trigrams, with the `renamed` products' new
 * names (already on them) in place of the old: made again, the whole catalog's trigrams took 400-530 ms
 * at 90,000 products, on the first suggestion after any rename.
 */
function carryRenamed(snapshot: CatalogSnapshot, renamed: readonly IndexedProduct[]) {
  for (const shelf of [snapshot.all, ...snapshot.byCategory.values(), ...snapshot.sorted.values()]) {
    const names = snapshot.shelfNames?.get(shelf);
    const came = names && renamedOn(shelf, renamed);
    if (came) snapshot.shelfNames!.set(shelf, namesRestocked(names, came.positions, came.incoming));
  }
  const came = snapshot.nameTrigrams && renamedOn(snapshot.all, renamed);
  if (came)
    snapshot.nameTrigrams = nameTrigramsRestocked(snapshot.nameTrigrams!, came.positions, came.incoming);
}

/**
 * Each shelf restocked or reshelved is a new object: the names of one that had them are carried to it,
 * with the keywords' positions.
 */
function carryNames(snapshot: CatalogSnapshot, replaced: readonly RestockedShelf[]) {
  for (const { from, to, positions, incoming } of replaced) {
    const names = snapshot.shelfNames?.get(from);
    if (names) snapshot.shelfNames!.set(to, namesRestocked(names, positions, incoming));
  }
}
