import { describe, expect, it } from 'vitest';
import { loginPathFor, returnAddressFrom } from './login-path.ts';

describe('the return address of /login', () => {
  it('round-trips the guarded page, query included', () => {
    const path = loginPathFor('/orders/me?page=2');
    expect(returnAddressFrom(path.slice(path.indexOf('?')))).toBe('/orders/me?page=2');
  });

  it('takes what follows the equals sign, default /account', () => {
    expect(returnAddressFrom('?redirect=/shipping')).toBe('/shipping');
    expect(returnAddressFrom('?redirect=shipping')).toBe('/shipping');
    expect(returnAddressFrom('')).toBe('/account');
    expect(returnAddressFrom('?redirect=')).toBe('/account');
  });

  it('never leaves the shop', () => {
    expect(returnAddressFrom('?redirect=//evil.example')).toBe('/account');
    expect(returnAddressFrom('?redirect=https://evil.example')).toBe('/account');
    expect(returnAddressFrom('?redirect=%2F%2Fevil.example')).toBe('/account');
    expect(returnAddressFrom('?redirect=javascript:alert(1)')).toBe('/account');
    expect(returnAddressFrom('?redirect=%E0%A4%A')).toBe('/account');
    // Browsers drop tabs and newlines inside a URL: '/\t/evil.example' would resolve off-site.
    expect(returnAddressFrom('?redirect=/%09/evil.example')).toBe('/account');
    expect(returnAddressFrom('?redirect=/%0A/evil.example')).toBe('/account');
    expect(new URL('/\t/evil.example', 'https://shop.example').host).toBe('evil.example');
  });
});
