import { describe, expect, it } from 'vitest';
import { robotsTxt } from './robots.ts';

describe('robots.txt', () => {
  it('keeps crawlers out of every page behind sign-in by its fixed start, and names the sitemap', () => {
    const text = robotsTxt('https://shop.example/', [
      '/account',
      'cart',
      'order/confirm',
      'order/:id',
      '/password/',
      'orders/me',
    ]);
    expect(text.split('\n')).toEqual([
      'User-agent: *',
      'Disallow: /account',
      'Disallow: /cart',
      'Disallow: /order/',
      'Disallow: /orders/me',
      'Disallow: /password/',
      'Allow: /',
      '',
      'Sitemap: https://shop.example/sitemap.xml',
      '',
    ]);
  });
});
