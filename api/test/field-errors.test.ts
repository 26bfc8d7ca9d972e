import { describe, expect, it } from 'vitest';
import { useTestApp } from './helpers/test-app.ts';

// A refused input says which field is wrong, in words a person can act on; never a bare
// 'Invalid input: expected object, received null'.
const t = useTestApp({ admin: true });

describe('every 400 names its field', () => {
  const json = { 'content-type': 'application/json' };

  it.each([
    ['GET', '/admin/reviews', undefined, {}, 'id is required'],
    ['DELETE', `/admin/reviews?id=${'a'.repeat(24)}`, undefined, {}, 'productId is required'],
    ['POST', '/auth/login', undefined, {}, 'body is required: send a JSON object'],
    ['POST', '/auth/login', 'null', json, 'body is required: send a JSON object'],
    ['POST', '/auth/login', '[]', json, 'body must be a JSON object'],
    ['POST', '/auth/login', '{}', json, 'email is required'],
    ['POST', '/auth/login', '{"email":5}', json, 'email: expected string, received number'],
    ['POST', '/auth/login', '{"email":"a@b.co","password":""}', json, 'Password is required'],
    ['GET', '/products?keyword[]=a&keyword[]=b', undefined, {}, 'keyword: expected string, received array'],
    ['GET', '/products?price[foo]=1', undefined, {}, 'price[foo]: unknown field'],
    ['GET', '/products?page=abc', undefined, {}, 'page must be a number'],
    [
      'POST',
      '/order/new',
      JSON.stringify({ orderItems: [{ product: 'x', quantity: 1 }] }),
      json,
      'orderItems[0][product]: must be a 24-character lowercase hexadecimal id',
    ],
  ])('%s %s %s', async (method, url, payload, headers, message) => {
    const response = await t.request(method as 'GET', url, {
      ...(payload === undefined ? {} : { payload }),
      headers: { ...headers, ...t.admin.auth },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, message });
  });

  it('text sent to a JSON route is refused by its type (a form on another site can send text/plain)', async () => {
    const response = await t.request('POST', '/auth/login', {
      payload: 'x',
      headers: { 'content-type': 'text/plain' },
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({
      success: false,
      message: 'body: this route takes JSON (application/json), not text/plain',
    });
  });

  it('form data sent to a JSON route is refused by name, unread', async () => {
    const response = await t.request('POST', '/auth/login', {
      payload: '--x\r\nContent-Disposition: form-data; name="email"\r\n\r\na@b.co\r\n--x--\r\n',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({
      success: false,
      message: 'body: this route takes JSON (application/json), not multipart/form-data',
    });
  });

  it('the router answers in the same shape, without echoing the address', async () => {
    const long = await t.request('GET', `/admin/user/${'x'.repeat(70_000)}`, { as: t.admin });
    expect(long.statusCode).toBe(414);
    expect(long.json()).toEqual({ success: false, message: 'path: a path parameter is too long' });
    const badUrl = await t.request('GET', '/product/%E0%A4%A');
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json()).toEqual({ success: false, message: 'path: the address is not a valid URL' });
  });
});
