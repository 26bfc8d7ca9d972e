import {
  PRICE_MAX,
  PRICE_MIN,
  type ProductCategory,
  type ProductSearch,
  type ProductSort,
  isProductCategory,
  isProductSort,
} from '@shop/shared-api';

/**
 * The catalog's state lives in the address (docs/product.md, catalog): `/products/{keyword}?category=Laptop
 * &price=1000-20000&ratings=4&sort=price_asc&page=2`. A reload, a shared link and the back button bring back
 * the same list.
 */
export interface CatalogFilters extends Required<ProductSearch> {
  category: ProductCategory | 'All';
}

export const RATING_CHOICES = [4, 3, 2, 1] as const;

/** The "Sort by" choices, in the order the select lists them; `newest` is the spec's order, the default. */
export const SORT_LABELS: Record<ProductSort, string> = {
  newest: 'Newest',
  price_asc: 'Price: low to high',
  price_desc: 'Price: high to low',
  rating: 'Highest rated',
};

const wholeNumber = (value: string | null) => (value !== null && /^\d+$/.test(value) ? Number(value) : null);

function priceRange(value: string | null): [number, number] {
  const match = value ? /^(\d+)-(\d+)$/.exec(value) : null;
  if (!match) return [PRICE_MIN, PRICE_MAX];
  const low = Math.max(PRICE_MIN, Number(match[1]));
  const high = Math.min(PRICE_MAX, Number(match[2]));
  return low <= high ? [low, high] : [PRICE_MIN, PRICE_MAX];
}

/** What the address asks for; anything unreadable falls back to its default instead of an error. */
export function filtersFromAddress(keyword: string | undefined, params: URLSearchParams): CatalogFilters {
  const page = wholeNumber(params.get('page'));
  const ratings = wholeNumber(params.get('ratings'));
  const category = params.get('category');
  const sort = params.get('sort');
  return {
    keyword: (keyword ?? '').trim(),
    page: page && page >= 1 ? page : 1,
    price: priceRange(params.get('price')),
    ratings: ratings !== null && (RATING_CHOICES as readonly number[]).includes(ratings) ? ratings : 0,
    category: isProductCategory(category) ? category : 'All',
    sort: isProductSort(sort) ? sort : 'newest',
  };
}

/**
 * A category the address names that the shop does not have (a typo, a link from an old catalog), as the
 * shopper wrote it: the list then shows every category, and says so. Null when there is none to tell.
 */
export function unknownCategory(params: URLSearchParams): string | null {
  // Read as filtersFromAddress reads it: whatever that does not take as a category is said here.
  const category = params.get('category');
  if (!category?.trim() || category === 'All' || isProductCategory(category)) return null;
  return category.length > 40 ? `${category.slice(0, 40)}…` : category;
}

/** The address of a list; defaults are left out so the plain catalog is plain `/products`. */
export function addressOfFilters(filters: CatalogFilters): string {
  const params = new URLSearchParams();
  if (filters.category !== 'All') params.set('category', filters.category);
  const [low, high] = filters.price;
  if (low !== PRICE_MIN || high !== PRICE_MAX) params.set('price', `${low}-${high}`);
  if (filters.ratings > 0) params.set('ratings', String(filters.ratings));
  if (filters.sort !== 'newest') params.set('sort', filters.sort);
  if (filters.page > 1) params.set('page', String(filters.page));
  const path = filters.keyword ? `/products/${encodeURIComponent(filters.keyword)}` : '/products';
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/** The list's heading and tab title: the same on the server's page and in the browser. */
export const catalogHeading = (filters: Pick<CatalogFilters, 'keyword'>) =>
  filters.keyword ? `Products matching “${filters.keyword}”` : 'Products';

/**
 * A changed filter or order starts again from page 1: page 3 of the old list means nothing in the new one.
 * The order stays when a filter changes, and the filters when the order does.
 */
export function withFilter(
  filters: CatalogFilters,
  change: Partial<Pick<CatalogFilters, 'category' | 'price' | 'ratings' | 'keyword' | 'sort'>>,
): CatalogFilters {
  return { ...filters, ...change, page: 1 };
}

/** `/search`: a blank keyword (after trimming) lists everything, any other its matches. */
export function searchAddress(keyword: string): string {
  const trimmed = keyword.trim();
  return trimmed ? `/products/${encodeURIComponent(trimmed)}` : '/products';
}
