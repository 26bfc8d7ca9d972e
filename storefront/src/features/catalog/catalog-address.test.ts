import { describe, expect, it } from 'vitest';
import {
  addressOfFilters,
  filtersFromAddress,
  searchAddress,
  unknownCategory,
  withFilter,
} from './catalog-address.ts';

const read = (keyword: string | undefined, query = '') =>
  filtersFromAddress(keyword, new URLSearchParams(query));

describe('the catalog address', () => {
  it('reads the default list from plain /products', () => {
    expect(read(undefined)).toEqual({
      keyword: '',
      page: 1,
      price: [0, 25000],
      ratings: 0,
      category: 'All',
      sort: 'newest',
    });
    expect(addressOfFilters(read(undefined))).toBe('/products');
  });

  it('round-trips every filter, the order, the keyword and the page', () => {
    const filters = read('red shoes', 'sort=price_desc&category=Footwear&price=500-2000&ratings=3&page=2');
    expect(filters).toEqual({
      keyword: 'red shoes',
      page: 2,
      price: [500, 2000],
      ratings: 3,
      category: 'Footwear',
      sort: 'price_desc',
    });
    const address = addressOfFilters(filters);
    expect(address).toBe(
      '/products/red%20shoes?category=Footwear&price=500-2000&ratings=3&sort=price_desc&page=2',
    );
    const url = new URL(address, 'http://shop.test');
    expect(read(decodeURIComponent(url.pathname.split('/')[2]!), url.search)).toEqual(filters);
  });

  it('falls back to defaults for what it cannot read', () => {
    expect(read(undefined, 'category=Boats&price=9000-10&ratings=7&page=-2&sort=cheapest')).toEqual(
      read(undefined),
    );
    expect(read(undefined, 'sort=PRICE_ASC').sort).toBe('newest');
    expect(read(undefined, 'price=abc&page=1.5').page).toBe(1);
    expect(read(undefined, 'price=0-99999').price).toEqual([0, 25000]);
  });

  it('goes back to page 1 when a filter changes', () => {
    const onPage3 = read(undefined, 'page=3');
    expect(withFilter(onPage3, { category: 'Camera' })).toMatchObject({ page: 1, category: 'Camera' });
    expect(addressOfFilters(withFilter(onPage3, { ratings: 4 }))).toBe('/products?ratings=4');
  });

  it('keeps the order across filters and pages, and leaves the spec’s order (newest) out', () => {
    const sorted = read('phone', 'sort=rating&page=3');
    expect(addressOfFilters(withFilter(sorted, { category: 'Camera' }))).toBe(
      '/products/phone?category=Camera&sort=rating',
    );
    expect(addressOfFilters({ ...sorted, page: 4 })).toBe('/products/phone?sort=rating&page=4');
    // A new order starts from page 1 and keeps the filters.
    const filtered = read(undefined, 'ratings=4&page=2');
    expect(addressOfFilters(withFilter(filtered, { sort: 'price_asc' }))).toBe(
      '/products?ratings=4&sort=price_asc',
    );
    expect(addressOfFilters(withFilter(sorted, { sort: 'newest' }))).toBe('/products/phone');
    expect(addressOfFilters(read(undefined, 'sort=newest'))).toBe('/products');
  });

  it('sends a blank search to /products and any other to its keyword', () => {
    expect(searchAddress('   ')).toBe('/products');
    expect(searchAddress('  laptop ')).toBe('/products/laptop');
    expect(searchAddress('50% off/deal')).toBe('/products/50%25%20off%2Fdeal');
  });

  it('names a category the shop does not have, as written, and nothing for a real one or none', () => {
    const named = (query: string) => unknownCategory(new URLSearchParams(query));
    expect(named('category=Camerra&page=2')).toBe('Camerra');
    expect(named('category=camera')).toBe('camera');
    // Not taken as Camera by the list either: said, not hidden.
    expect(named('category=%20Camera')).toBe(' Camera');
    expect(read(undefined, 'category=%20Camera').category).toBe('All');
    expect(named(`category=${'x'.repeat(60)}`)).toBe(`${'x'.repeat(40)}…`);
    expect(named('category=Camera')).toBeNull();
    expect(named('category=All')).toBeNull();
    expect(named('category=')).toBeNull();
    expect(named('')).toBeNull();
  });
});
