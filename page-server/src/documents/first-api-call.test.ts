import { describe, expect, it } from 'vitest';
import { firstApiCall } from './first-api-call.ts';

const api = 'https://api.example.com/api/v1';

describe('firstApiCall', () => {
  it("names the plain catalog's default list, as the storefront's query asks for it", () => {
    expect(firstApiCall(`${api}/`, '/products', '')).toBe(
      `${api}/products?keyword=&page=1&price%5Bgte%5D=0&price%5Blte%5D=25000&ratings%5Bgte%5D=0`,
    );
  });

  it('names a product page by its id', () => {
    expect(firstApiCall(api, '/product/0123456789abcdef01234567', '')).toBe(
      `${api}/product/0123456789abcdef01234567`,
    );
  });

  it('names nothing where the address alone does not say the call (filters, keywords) or no call is made', () => {
    expect(firstApiCall(api, '/products', '?page=2')).toBeNull();
    expect(firstApiCall(api, '/products/shoes', '')).toBeNull();
    expect(firstApiCall(api, '/product/not-an-id', '')).toBeNull();
    expect(firstApiCall(api, '/cart', '')).toBeNull();
  });
});
